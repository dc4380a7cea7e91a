import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { API_BASE_PATH } from '../config';
import { loadMachinesAtom, replaceMachineAtom } from '../machines/machinesAtom';
import { parseMachine } from '../machines/parseMachines';
import { listUnreachableAtom } from '../offline/unreachableAtom';
import { connectLive } from './liveConnection';

export const EVENTS_URL = `${API_BASE_PATH}events`;
/** Without EventSource, or while the event stream is down, the list is reloaded this often instead. */
export const POLL_INTERVAL_MS = 30_000;

/**
 * Machine status changes pushed by the server (Server-Sent Events, `machine` events) replace that
 * one machine in the list; after an import (`import` event), and through an outage of the stream, the whole
 * list is loaded again in the background (see connectLive).
 */
export function useLiveStatuses(): void {
  const replaceMachine = useSetAtom(replaceMachineAtom);
  const loadMachines = useSetAtom(loadMachinesAtom);
  const store = useStore();
  useEffect(() => {
    let reloading = false;
    const reload = () => {
      // Offline, or with the server out of reach, the call could only fail; the list is reloaded when the network or
      // the server returns (src/offline).
      if (reloading || navigator.onLine === false || store.get(listUnreachableAtom)) return;
      reloading = true;
      void loadMachines({ not_blocking: true }).finally(() => {
        reloading = false;
      });
    };
    if (typeof EventSource === 'undefined') {
      const timer = setInterval(reload, POLL_INTERVAL_MS);
      return () => clearInterval(timer);
    }
    return connectLive({
      url: EVENTS_URL,
      open: (url) => new EventSource(url),
      onMachine: (data) => {
        const machine = parseEvent(data);
        if (machine) replaceMachine(machine);
      },
      reload,
      pollMs: POLL_INTERVAL_MS,
    });
  }, [replaceMachine, loadMachines, store]);
}

function parseEvent(data: string) {
  try {
    const machine = parseMachine(JSON.parse(data));
    return typeof machine === 'string' ? null : machine;
  } catch {
    return null;
  }
}
