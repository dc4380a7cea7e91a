import { useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { Machine } from '../../../shared/machine';
import { connectLive } from '../../live/liveConnection';
import { EVENTS_URL, POLL_INTERVAL_MS } from '../../live/useLiveStatuses';
import { parseMachine } from '../../machines/parseMachines';
import { useConsoleCall } from '../session/ConsoleApi';
import { withinDistricts } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { fleetAtom, loadFleetAtom, putFleetMachinesAtom } from './fleetAtoms';

/** Changes arriving within this window are applied together: one new order of the table, not one per machine. */
export const LIVE_BATCH_MS = 250;

export type LiveState = 'live' | 'reconnecting';

/**
 * Keeps the fleet current through the server's event stream, as the public map does (src/live/): each changed
 * machine replaces its row; an import, or a gap the stream cannot fill, reloads the list. A machine new to the
 * fleet joins it only within the person's districts.
 */
export function useFleetLive(): LiveState {
  const store = useStore();
  const call = useConsoleCall();
  const put = useSetAtom(putFleetMachinesAtom);
  const load = useSetAtom(loadFleetAtom);
  const [state, setState] = useState<LiveState>('live');

  useEffect(() => {
    const reload = () => void load(call).catch(() => undefined);
    if (typeof EventSource === 'undefined') {
      const timer = setInterval(reload, POLL_INTERVAL_MS);
      return () => clearInterval(timer);
    }
    let pending: Machine[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      flushTimer = undefined;
      const fleet = store.get(fleetAtom);
      const session = store.get(sessionAtom);
      const batch = pending.filter(
        (machine) => fleet?.byId.has(machine.id) || (session !== null && withinDistricts(session, machine.district)),
      );
      pending = [];
      put(batch);
    };
    const stop = connectLive({
      url: EVENTS_URL,
      open: (url) => {
        const source = new EventSource(url);
        source.addEventListener('ready', () => setState('live'));
        source.addEventListener('error', () => setState('reconnecting'));
        return source;
      },
      onMachine: (data) => {
        const machine = parseEvent(data);
        if (!machine) return;
        pending.push(machine);
        flushTimer ??= setTimeout(flush, LIVE_BATCH_MS);
      },
      reload,
      pollMs: POLL_INTERVAL_MS,
    });
    return () => {
      stop();
      clearTimeout(flushTimer);
    };
  }, [call, load, put, store]);
  return state;
}

function parseEvent(data: string): Machine | null {
  try {
    const machine = parseMachine(JSON.parse(data));
    return typeof machine === 'string' ? null : machine;
  } catch {
    return null;
  }
}
