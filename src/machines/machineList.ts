import type { Machine } from '../../shared/machine';
import type { FeedList, ListEdit } from './feedList';
import { packMachines, type PackedMachines } from './packedMachines';
import { repackMachines } from './repackMachines';
import { idRows, rowRange } from './machineRows';
import { showMachines, type Freshness } from './shownMachines';

/**
 * The machines the page shows and what is derived from them, as one value. Each is made from the one
 * before it (nextMachineList), so a live change costs its own rows, not a pass over every machine.
 */
export interface MachineList {
  /** The feed's list this one was made from. */
  readonly feed: FeedList;
  /** The shown machines: the feed's without deactivated ones, stale ones as copies marked `stale`. */
  readonly machines: readonly Machine[];
  /** The row of each id in `machines`. */
  readonly rows: ReadonlyMap<string, number>;
  /** Set when `machines` is the previous list's with only these rows replaced (a live change). */
  readonly edit: ListEdit | null;
  /** `machines` as typed columns, for the filter and the map layer. */
  readonly packed: PackedMachines;
  /** Every row, in order: the filter's result when nothing is filtered. */
  readonly allRows: Uint32Array;
  /** Counts the lists of one store: a new number whenever `machines` changes. */
  readonly revision: number;
  /** What the stale check keeps for the next list; null while no machine reports its freshness. */
  readonly freshness: Freshness | null;
}

export interface ListInputs {
  readonly feed: FeedList;
  /** The time the stale check is made at; null when no machine reports its freshness (the clock is not read then). */
  readonly nowMs: number | null;
  readonly staleAfterMs: number;
}

/** The list for `inputs`, made from `previous` where it can be; `previous` itself when nothing changed. */
export function nextMachineList(
  previous: MachineList | undefined,
  { feed, nowMs, staleAfterMs }: ListInputs,
): MachineList {
  const shown = feed.reportsFreshness && nowMs !== null ? showMachines(feed, nowMs, staleAfterMs, previous) : null;
  const machines = shown?.machines ?? feed.machines;
  const freshness = shown?.freshness ?? null;
  // The same machines stale or hidden as before: the stale copies are the same too, so the list stays.
  if (previous?.machines === machines) return previous.feed === feed ? previous : { ...previous, feed, freshness };
  const edit = machines === feed.machines && feed.edit?.from === previous?.machines ? feed.edit : null;
  const revision = (previous?.revision ?? 0) + 1;
  return {
    feed,
    machines,
    rows: machines === feed.machines ? feed.rows : idRows(machines),
    edit,
    packed: previous
      ? repackMachines(previous.machines, previous.packed, machines, edit?.rows, revision)
      : packMachines(machines, revision),
    allRows: previous?.allRows.length === machines.length ? previous.allRows : rowRange(machines.length),
    revision,
    freshness,
  };
}
