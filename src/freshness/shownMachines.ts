import type { Machine } from '../machines/machine';
import { parseFeedTimestamp } from './feedTimestamp';
import { isStaleAt } from './staleness';

/**
 * The machines the page shows, from the feed's list at `nowMs`: deactivated ones left out, stale ones
 * (isStaleAt) as a copy marked `stale`. Each call returns the previous list itself when nothing changed,
 * and the feed's list itself when no machine is deactivated or stale, so packings and the list do no work.
 * Report times are read once per feed list, so the check on each minute is a loop of number comparisons.
 */
export function createShownMachines(): (feed: readonly Machine[], nowMs: number, staleAfterMs: number) => readonly Machine[] {
  const staleCopies = new WeakMap<Machine, Machine>();
  const reportTimes = new WeakMap<readonly Machine[], Float64Array>();
  let last: readonly Machine[] = [];
  return (feed, nowMs, staleAfterMs) => {
    let times = reportTimes.get(feed);
    if (!times) reportTimes.set(feed, (times = reportTimesOf(feed)));
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

/** `last_online` of each machine as epoch ms, NaN when unknown. */
function reportTimesOf(feed: readonly Machine[]): Float64Array {
  const times = new Float64Array(feed.length);
  for (let i = 0; i < feed.length; i++) {
    const text = feed[i]!.last_online;
    // The parser stores UTC ISO strings, which Date.parse reads exactly; anything else takes the strict path.
    times[i] = text == null ? NaN : (UTC_ISO.test(text) ? Date.parse(text) : (parseFeedTimestamp(text) ?? NaN));
  }
  return times;
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
