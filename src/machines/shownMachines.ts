import type { Machine } from '../../shared/machine';
import { parseFeedTimestamp } from '../../shared/feedTimestamp';
import type { FeedList } from './feedList';
import { isStaleAt } from './staleness';

/** What one shown list hands the next: the report times read from its feed list, and the stale copies it made. */
export interface Freshness {
  readonly feed: readonly Machine[];
  /** `last_online` of each feed row as epoch ms, NaN when unknown. */
  readonly reportTimes: Float64Array;
  /** The copy marked `stale` of each feed machine shown stale. */
  readonly staleCopies: ReadonlyMap<Machine, Machine>;
}

export interface Shown {
  readonly machines: readonly Machine[];
  readonly freshness: Freshness;
}

/**
 * The machines the page shows, from the feed's list at `nowMs`: deactivated ones left out, stale ones
 * (isStaleAt) as a copy marked `stale`. Returns the previous list itself when nothing changed, and the
 * feed's list itself when no machine is deactivated or stale, so packings and the list do no work; a
 * machine stale twice in a row keeps its copy. Report times are read once per feed list (a live change
 * re-reads its replaced rows only), so the check on each minute is a loop of number comparisons.
 */
export function showMachines(
  feed: Pick<FeedList, 'machines' | 'edit'>,
  nowMs: number,
  staleAfterMs: number,
  previous?: { readonly machines: readonly Machine[]; readonly freshness: Freshness | null },
): Shown {
  const before = previous?.freshness ?? null;
  const reportTimes = before?.feed === feed.machines ? before.reportTimes : reportTimesOf(feed, before);
  const staleCopies = new Map<Machine, Machine>();
  const shown: Machine[] = [];
  let changed = false;
  for (let i = 0; i < feed.machines.length; i++) {
    const machine = feed.machines[i]!;
    if (machine.deactivated === true) {
      changed = true;
      continue;
    }
    if (isStaleAt(reportTimes[i]!, nowMs, staleAfterMs)) {
      const copy = before?.staleCopies.get(machine) ?? { ...machine, stale: true };
      staleCopies.set(machine, copy);
      shown.push(copy);
      changed = true;
    } else {
      shown.push(machine);
    }
  }
  const freshness: Freshness = { feed: feed.machines, reportTimes, staleCopies };
  const last = previous?.machines ?? [];
  if (!changed) return { machines: feed.machines, freshness };
  if (shown.length === last.length && shown.every((m, i) => m === last[i])) return { machines: last, freshness };
  return { machines: shown, freshness };
}

/** The report times of `feed`, copied from `before` but for the rows a live change replaced. */
function reportTimesOf(feed: Pick<FeedList, 'machines' | 'edit'>, before: Freshness | null): Float64Array {
  const { machines, edit } = feed;
  if (before && edit && edit.from === before.feed) {
    const times = before.reportTimes.slice();
    for (const i of edit.rows) times[i] = reportTimeOf(machines[i]!);
    return times;
  }
  const times = new Float64Array(machines.length);
  for (let i = 0; i < machines.length; i++) times[i] = reportTimeOf(machines[i]!);
  return times;
}

function reportTimeOf(machine: Machine): number {
  const text = machine.last_online;
  // The parser stores UTC ISO strings, which Date.parse reads exactly; anything else takes the strict path.
  return text == null ? NaN : UTC_ISO.test(text) ? Date.parse(text) : (parseFeedTimestamp(text) ?? NaN);
}

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
