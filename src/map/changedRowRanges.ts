import type { PackedMachines } from '../machines/packedMachines';

/** Rows startRow (included) to endRow (excluded), as deck.gl's partial updates take them. */
export interface RowRange {
  startRow: number;
  endRow: number;
}

/** Beyond this many ranges one full update is cheaper: deck.gl merges each range into its list one by one. */
export const MAX_PARTIAL_RANGES = 256;

/**
 * The rows in which `next` differs from `previous`, neighbours merged, when `next` was patched from
 * exactly that packing; undefined (everything changed) when it was not, or when there are too many.
 */
export function changedRowRanges(next: PackedMachines, previous: PackedMachines | undefined): RowRange[] | undefined {
  const { changes } = next;
  if (!previous || !changes || changes.since !== previous.revision) return undefined;
  const ranges: RowRange[] = [];
  for (const row of changes.rows) {
    const last = ranges[ranges.length - 1];
    if (last && last.endRow === row) last.endRow = row + 1;
    else if (ranges.push({ startRow: row, endRow: row + 1 }) > MAX_PARTIAL_RANGES) return undefined;
  }
  return ranges;
}
