import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Machine } from '../../shared/machine';
import { apiAtom } from '../api/apiAtom';
import { nowAtom } from '../clock/nowAtom';
import { runtimeConfig } from '../runtimeConfig';
import { callEnded, callStarted, changeCame, NO_CALLS, type ChangesInFlight } from './changesInFlight';
import { EMPTY_FEED, reloadedFeed, replaceMachine, type FeedList } from './feedList';
import { nextMachineList, type ListInputs, type MachineList } from './machineList';
import { machineLookup } from './machineRows';
import { parseMachineList } from './parseMachines';

export type LoadState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The feed's list as loaded and patched by live changes, deactivated machines included: the one value the
 * machine atoms own. A load replaces it (machinesAtom), a live change patches it (replaceMachineAtom).
 */
const feedAtom = atom<FeedList>(EMPTY_FEED);
feedAtom.debugLabel = 'feed';

export const feedMachinesAtom = atom((get) => get(feedAtom).machines);
feedMachinesAtom.debugLabel = 'feedMachines';

/** How old a machine's last report may be before its status is not trusted (issue 9). */
export const staleAfterMsAtom = atom(runtimeConfig().staleAfterMs);
staleAfterMsAtom.debugLabel = 'staleAfterMs';

/** When the machine list was last fetched successfully (epoch ms), or null before the first load. */
export const machinesFetchedAtAtom = atom<number | null>(null);
machinesFetchedAtAtom.debugLabel = 'machinesFetchedAt';

const listInputsAtom = atom((get): ListInputs => {
  const feed = get(feedAtom);
  // The clock is read only when some machine reports its freshness: otherwise nothing changes on the minute.
  return { feed, nowMs: feed.reportsFreshness ? get(nowAtom).getTime() : null, staleAfterMs: get(staleAfterMsAtom) };
});

/**
 * The machines shown and what is derived from them (packed columns, id rows, the live edit, the revision),
 * each list made from this store's list before it.
 */
export const machineListAtom = selectAtom(listInputsAtom, (inputs, previous?: MachineList) =>
  nextMachineList(previous, inputs),
);
machineListAtom.debugLabel = 'machineList';

/**
 * The machines the page shows: the feed's list without deactivated machines, stale ones marked (re-checked on
 * the minute only when some machine reports its freshness). Setting it loads a new list.
 */
export const machinesAtom = atom(
  (get): readonly Machine[] => get(machineListAtom).machines,
  (_get, set, machines: readonly Machine[]) => set(feedAtom, (feed) => reloadedFeed(feed, machines)),
);
machinesAtom.debugLabel = 'machines';

/** A live change: the machine of the same id replaced, its row recorded so what is derived patches that row only. */
export const replaceMachineAtom = atom(null, (_get, set, machine: Machine) => {
  set(feedAtom, (feed) => replaceMachine(feed, machine));
  set(changesInFlightAtom, (state) => changeCame(state, machine));
});

/** The live changes that came while list calls were on their way (changesInFlight.ts). */
const changesInFlightAtom = atom<ChangesInFlight>(NO_CALLS);

/** Typed columns of the shown machines; a live status change patches its rows only. */
export const packedMachinesAtom = atom((get) => get(machineListAtom).packed);
packedMachinesAtom.debugLabel = 'packedMachines';

/** Every row of the shown machines, in order. */
export const allRowsAtom = atom((get) => get(machineListAtom).allRows);

/** The shown machines by id; a live change reuses the id → row map instead of building one. */
export const machineByIdAtom = atom((get) => {
  const { machines, rows } = get(machineListAtom);
  return machineLookup(machines, rows);
});

export const machinesLoadStateAtom = atom<LoadState>('idle');
machinesLoadStateAtom.debugLabel = 'machinesLoadState';

/** No machines yet and the list's answer still to come: nothing to count, nothing to say "no match" about. */
export const awaitingListAtom = atom((get) => {
  const state = get(machinesLoadStateAtom);
  return get(machinesAtom).length === 0 && (state === 'idle' || state === 'loading');
});
awaitingListAtom.debugLabel = 'awaitingList';

/** Rows the parser left off are logged once per page, not on every refresh. */
const rejectedLoggedAtom = atom(false);

/** The list call's answer (docs/spec.md#calls): on success the machines replace the list. */
export const applyListAnswerAtom = atom(null, (get, set, body: unknown) => {
  const parsed = parseMachineList(body);
  if (parsed.rejected.length > 0 && !get(rejectedLoggedAtom)) {
    set(rejectedLoggedAtom, true);
    console.warn(`[rvm] ${parsed.rejected.length} machine rows left off the map`, parsed.rejected);
  }
  if (parsed.ok) {
    set(machinesAtom, parsed.machines);
    set(machinesFetchedAtAtom, Date.now());
  }
  set(machinesLoadStateAtom, 'loaded');
});

/** A list call that started at `start` has ended: the live changes since then applied again over its answer. */
const keepChangesSinceAtom = atom(null, (get, set, start: number, answered: boolean) => {
  const { state, since } = callEnded(get(changesInFlightAtom), start);
  set(changesInFlightAtom, state);
  if (answered) for (const machine of since) set(feedAtom, (feed) => replaceMachine(feed, machine));
});

/** A list call starts: the number its live changes start from. */
const listCallStartedAtom = atom(null, (get, set) => {
  const start = get(changesInFlightAtom).next;
  set(changesInFlightAtom, callStarted);
  return start;
});

/** The background refresh on its way, which another asking meanwhile joins (boxed: jotai would await a bare promise). */
const backgroundLoadAtom = atom<{ done: Promise<void> } | null>(null);

/**
 * The list call (docs/spec.md#calls): on success the machines replace the list; on no success nothing loads and nothing
 * shows. A background refresh (not blocking) fails quietly and keeps the machines already shown; the page's several
 * reasons to refresh (the network back, the live stream's catch-up, the kiosk's clock) share one call when they meet.
 */
export const loadMachinesAtom = atom(null, async (get, set, options: { not_blocking?: boolean } = {}) => {
  const { call } = get(apiAtom);
  if (!options.not_blocking) {
    set(machinesLoadStateAtom, 'loading');
    const start = set(listCallStartedAtom);
    const body = await call<unknown>('rvm/', {});
    if (body === undefined) set(machinesLoadStateAtom, 'failed');
    else set(applyListAnswerAtom, body);
    set(keepChangesSinceAtom, start, body !== undefined);
    return;
  }
  const joined = get(backgroundLoadAtom);
  if (joined) return joined.done;
  const start = set(listCallStartedAtom);
  let answered = false;
  const done = call<unknown>('rvm/', {}, { not_blocking: true, throw_error: true })
    .then(
      (body) => {
        if (body === undefined) return;
        set(applyListAnswerAtom, body);
        answered = true;
      },
      () => undefined,
    )
    .finally(() => {
      set(keepChangesSinceAtom, start, answered);
      set(backgroundLoadAtom, null);
    });
  set(backgroundLoadAtom, { done });
  return done;
});
