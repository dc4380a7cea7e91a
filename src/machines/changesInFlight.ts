import type { Machine } from '../../shared/machine';

/**
 * The live changes that came while list calls were on their way. A call's answer may have been read before they were
 * made, so they are applied again over it, in the order they came: a list never undoes a newer live change.
 */
export interface ChangesInFlight {
  /** The number the next change gets. */
  next: number;
  /** Where each call on its way started: the `next` of then. */
  calls: readonly number[];
  changes: readonly { at: number; machine: Machine }[];
}

export const NO_CALLS: ChangesInFlight = { next: 0, calls: [], changes: [] };

export function callStarted(state: ChangesInFlight): ChangesInFlight {
  return { ...state, calls: [...state.calls, state.next] };
}

/** A live change, kept only while some call is on its way. */
export function changeCame(state: ChangesInFlight, machine: Machine): ChangesInFlight {
  if (state.calls.length === 0) return state;
  return { ...state, next: state.next + 1, changes: [...state.changes, { at: state.next, machine }] };
}

/** The call that started at `start` has ended: the changes since then, and the state without that call. */
export function callEnded(
  state: ChangesInFlight,
  start: number,
): { state: ChangesInFlight; since: readonly Machine[] } {
  const since = state.changes.filter((change) => change.at >= start).map((change) => change.machine);
  const index = state.calls.indexOf(start);
  const calls = index < 0 ? state.calls : [...state.calls.slice(0, index), ...state.calls.slice(index + 1)];
  const earliest = calls.length === 0 ? Infinity : Math.min(...calls);
  return { state: { ...state, calls, changes: state.changes.filter((change) => change.at >= earliest) }, since };
}
