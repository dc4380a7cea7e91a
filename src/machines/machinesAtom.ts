import { atom } from 'jotai';
import type { Machine } from './machine';
import { parseMachineList } from './parseMachines';
import { apiAtom } from '../api/apiAtom';

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

export const machinesAtom = atom<readonly Machine[]>([]);
machinesAtom.debugLabel = 'machines';

export const machinesLoadStateAtom = atom<LoadState>('idle');
machinesLoadStateAtom.debugLabel = 'machinesLoadState';

export const machineByIdAtom = atom((get) => new Map(get(machinesAtom).map((m) => [m.id, m])));

let warnedRejected = false;

/** The list call (spec §7): on success the machines replace the list; on no success nothing loads and nothing shows. */
export const loadMachinesAtom = atom(null, async (get, set, options: { not_blocking?: boolean } = {}) => {
  const { call } = get(apiAtom);
  if (!options.not_blocking) set(machinesLoadStateAtom, 'loading');
  // A background refresh (not blocking) fails quietly and keeps the machines already shown.
  const background = Boolean(options.not_blocking);
  const body = background
    ? await call<unknown>('rvm/', {}, { not_blocking: true, throw_error: true }).catch(() => undefined)
    : await call<unknown>('rvm/', {});
  if (body === undefined) {
    if (!background) set(machinesLoadStateAtom, 'failed');
    return;
  }
  const parsed = parseMachineList(body);
  if (parsed.rejected.length > 0 && !warnedRejected) {
    warnedRejected = true;
    console.warn(`[rvm] ${parsed.rejected.length} machine rows left off the map`, parsed.rejected);
  }
  if (parsed.ok) set(machinesAtom, parsed.machines);
  set(machinesLoadStateAtom, 'loaded');
});
