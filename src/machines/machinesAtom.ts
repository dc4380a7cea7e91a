import { atom, type SetStateAction } from 'jotai';
import type { Machine } from '../../shared/machine';
import { machineLookup } from './machineRows';
import { parseMachineList } from './parseMachines';
import { apiAtom } from '../api/apiAtom';
import { editOf } from './listEdits';
import { createShownMachines } from './shownMachines';
import { runtimeConfig } from '../runtimeConfig';
import { nowAtom } from '../clock/nowAtom';

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

/** The list as the feed gave it (and live changes patched it), deactivated machines included. */
export const feedMachinesAtom = atom<readonly Machine[]>([]);
feedMachinesAtom.debugLabel = 'feedMachines';

/** How old a machine's last report may be before its status is not trusted (issue 9). */
export const staleAfterMsAtom = atom(runtimeConfig().staleAfterMs);
staleAfterMsAtom.debugLabel = 'staleAfterMs';

/** When the machine list was last fetched successfully (epoch ms), or null before the first load. */
export const machinesFetchedAtAtom = atom<number | null>(null);
machinesFetchedAtAtom.debugLabel = 'machinesFetchedAt';

const shownMachines = createShownMachines();
const reportsFreshness = new WeakMap<readonly Machine[], boolean>();
const reports = (m: Machine) => m.last_online != null || m.deactivated === true;
/** Whether any machine carries a report time or is deactivated; after a live change, only its rows are looked at. */
function anyReportsFreshness(feed: readonly Machine[]): boolean {
  let known = reportsFreshness.get(feed);
  if (known === undefined) {
    const edit = editOf(feed);
    const before = edit && reportsFreshness.get(edit.from);
    // Once true it stays true for lists made from it: that only keeps the (correct) slower path.
    known = edit && before !== undefined ? before || edit.rows.some((i) => reports(feed[i]!)) : feed.some(reports);
    reportsFreshness.set(feed, known);
  }
  return known;
}

/**
 * The machines the page shows: the feed's list without deactivated machines, stale ones marked (it
 * re-checks on the minute only when some machine reports its freshness). Setting it sets the feed's list.
 */
export const machinesAtom = atom(
  (get): readonly Machine[] => {
    const feed = get(feedMachinesAtom);
    if (!anyReportsFreshness(feed)) return feed;
    return shownMachines(feed, get(nowAtom).getTime(), get(staleAfterMsAtom));
  },
  (_get, set, update: SetStateAction<readonly Machine[]>) => set(feedMachinesAtom, update),
);
machinesAtom.debugLabel = 'machines';

export const machinesLoadStateAtom = atom<LoadState>('idle');
machinesLoadStateAtom.debugLabel = 'machinesLoadState';

/** The shown machines by id; a live change reuses the id → row map instead of building one. */
export const machineByIdAtom = atom((get) => machineLookup(get(machinesAtom)));

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
  if (parsed.ok) {
    set(machinesAtom, parsed.machines);
    set(machinesFetchedAtAtom, Date.now());
  }
  set(machinesLoadStateAtom, 'loaded');
});
