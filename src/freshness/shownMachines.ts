import type { Machine } from '../machines/machine';
import { isStale } from './staleness';

/**
 * The machines the page shows, from the feed's list at `nowMs`: deactivated ones left out, stale ones
 * as a copy marked `stale`. Each call returns the previous list itself when nothing changed, and the
 * feed's list itself when no machine is deactivated or stale, so packings and the list do no work.
 */
export function createShownMachines(): (feed: readonly Machine[], nowMs: number, staleAfterMs: number) => readonly Machine[] {
  const staleCopies = new WeakMap<Machine, Machine>();
  let last: readonly Machine[] = [];
  return (feed, nowMs, staleAfterMs) => {
    if (!feed.some(needsChange(nowMs, staleAfterMs))) return (last = feed);
    const shown: Machine[] = [];
    for (const machine of feed) {
      if (machine.deactivated === true) continue;
      shown.push(isStale(machine.last_online, nowMs, staleAfterMs) ? staleCopy(staleCopies, machine) : machine);
    }
    if (shown.length === last.length && shown.every((m, i) => m === last[i])) return last;
    return (last = shown);
  };
}

const needsChange = (nowMs: number, staleAfterMs: number) => (m: Machine) =>
  m.deactivated === true || (m.last_online != null && isStale(m.last_online, nowMs, staleAfterMs));

function staleCopy(copies: WeakMap<Machine, Machine>, machine: Machine): Machine {
  let copy = copies.get(machine);
  if (!copy) {
    copy = { ...machine, stale: true };
    copies.set(machine, copy);
  }
  return copy;
}
