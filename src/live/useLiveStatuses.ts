import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { API_BASE_PATH } from '../config';
import { loadMachinesAtom, replaceMachineAtom } from '../machines/machinesAtom';
import { parseMachine } from '../machines/parseMachines';

export const EVENTS_URL = `${API_BASE_PATH}events`;
/** Without EventSource, the list is reloaded this often instead. */
export const POLL_INTERVAL_MS = 30_000;

/**
 * Machine status changes pushed by the server (Server-Sent Events, `machine` events) replace that
 * one machine in the list; after an import (`import` event) the whole list is loaded again, in the
 * background. EventSource reconnects by itself after an error.
 */
export function useLiveStatuses(): void {
  const replaceMachine = useSetAtom(replaceMachineAtom);
  const loadMachines = useSetAtom(loadMachinesAtom);
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      const timer = setInterval(() => void loadMachines({ not_blocking: true }), POLL_INTERVAL_MS);
      return () => clearInterval(timer);
    }
    const source = new EventSource(EVENTS_URL);
    source.addEventListener('machine', (event) => {
      const machine = parseEvent(event.data);
      if (machine) replaceMachine(machine);
    });
    source.addEventListener('import', () => void loadMachines({ not_blocking: true }));
    return () => source.close();
  }, [replaceMachine, loadMachines]);
}

function parseEvent(data: unknown) {
  try {
    const machine = parseMachine(JSON.parse(String(data)));
    return typeof machine === 'string' ? null : machine;
  } catch {
    return null;
  }
}
