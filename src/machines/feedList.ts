import type { Machine } from '../../shared/machine';
import { idRows } from './machineRows';
import { sameJson } from './sameJson';

/** How a list was made from the one before it: the rows a live change replaced, every other row the same object. */
export interface ListEdit {
  readonly from: readonly Machine[];
  readonly rows: readonly number[];
}

/** The feed's list as loaded, then patched by live changes: the value the machine atoms own. */
export interface FeedList {
  /** Deactivated machines included. */
  readonly machines: readonly Machine[];
  /** The row of each id; a live change leaves every id where it was, and so keeps this map. */
  readonly rows: ReadonlyMap<string, number>;
  /** Set when a live change made this list from the one before. */
  readonly edit: ListEdit | null;
  /** Some machine reports when it was last online, or is deactivated: only then does the shown list follow the clock. */
  readonly reportsFreshness: boolean;
}

const reportsFreshness = (m: Machine): boolean => m.last_online != null || m.deactivated === true;

/** A list the list call answered. */
export function loadedFeed(machines: readonly Machine[]): FeedList {
  return { machines, rows: idRows(machines), edit: null, reportsFreshness: machines.some(reportsFreshness) };
}

export const EMPTY_FEED: FeedList = loadedFeed([]);

/**
 * The feed after the list call answered again (a kiosk's clock, the network back, the live stream catching up): the
 * same feed when the answer holds the machines it already has, in the same order, so nothing derived from it is made
 * again and the map draws no frame for it; otherwise the answer's list.
 */
export function reloadedFeed(current: FeedList, machines: readonly Machine[]): FeedList {
  return sameJson(current.machines, machines) ? current : loadedFeed(machines);
}

/**
 * The feed with the machine of the same id replaced, or the same feed when the id is not in it (a machine
 * added since the page loaded arrives with the next full load) or the machine is unchanged (an event heard again, a
 * live change applied again over a list answer that has it). The replaced row is recorded, so what is
 * derived from the list patches that row instead of comparing every machine.
 */
export function replaceMachine(feed: FeedList, next: Machine): FeedList {
  const row = feed.rows.get(next.id);
  if (row === undefined || sameJson(feed.machines[row], next)) return feed;
  const machines = feed.machines.slice();
  machines[row] = next;
  return {
    machines,
    rows: feed.rows,
    edit: { from: feed.machines, rows: [row] },
    // Once true it stays true for lists made from it: that only keeps the (correct) slower path.
    reportsFreshness: feed.reportsFreshness || reportsFreshness(next),
  };
}
