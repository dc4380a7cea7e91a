import { replacedRows } from './listEdits';
import type { Machine } from '../../shared/machine';
import { parseFeedTimestamp } from '../../shared/feedTimestamp';
import { isStaleAt } from './staleness';

/**
 * The machines the page shows, from the feed's list at `nowMs`: deactivated ones left out, stale ones
 * (isStaleAt) as a copy marked `stale`. Each call returns the previous list itself when nothing changed,
 * and the feed's list itself when no machine is deactivated or stale, so packings and the list do no work.
 * Report times are read once per feed list (a live change re-reads its replaced rows only), so the check
 * on each minute is a loop of number comparisons.
 */
export function createShownMachines(): (feed: readonly Machine[], nowMs: number, staleAfterMs: number) => readonly Machine[] {
  const staleCopies = new WeakMap<Machine, Machine>();
  let read: { feed: readonly Machine[]; times: Float64Array } | null = null;
  let last: readonly Machine[] = [];
  return (feed, nowMs, staleAfterMs) => {
    if (read?.feed !== feed) read = { feed, times: reportTimesOf(feed, read) };
    const { times } = read;
    const shown: Machine[] = [];
    let changed = false;
    for (let i = 0; i < feed.length; i++) {
      const machine = feed[i]!;
      if (machine.deactivated === true) {
        changed = true;
        continue;
      }
      if (isStaleAt(times[i]!, nowMs, staleAfterMs)) {
        shown.push(staleCopy(staleCopies, machine));
        changed = true;
      } else {
        shown.push(machine);
      }
    }
    if (!changed) return (last = feed);
    if (shown.length === last.length && shown.every((m, i) => m === last[i])) return last;
    return (last = shown);
  };
}

/** `last_online` of each machine as epoch ms, NaN when unknown; copied from `previous` but for the rows a live change replaced. */
function reportTimesOf(feed: readonly Machine[], previous: { feed: readonly Machine[]; times: Float64Array } | null): Float64Array {
  const rows = previous ? replacedRows(feed, previous.feed) : undefined;
  if (previous && rows) {
    const times = previous.times.slice();
    for (const i of rows) times[i] = reportTimeOf(feed[i]!);
    return times;
  }
  const times = new Float64Array(feed.length);
  for (let i = 0; i < feed.length; i++) times[i] = reportTimeOf(feed[i]!);
  return times;
}

function reportTimeOf(machine: Machine): number {
  const text = machine.last_online;
  // The parser stores UTC ISO strings, which Date.parse reads exactly; anything else takes the strict path.
  return text == null ? NaN : UTC_ISO.test(text) ? Date.parse(text) : (parseFeedTimestamp(text) ?? NaN);
}

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function staleCopy(copies: WeakMap<Machine, Machine>, machine: Machine): Machine {
  let copy = copies.get(machine);
  if (!copy) {
    copy = { ...machine, stale: true };
    copies.set(machine, copy);
  }
  return copy;
}
