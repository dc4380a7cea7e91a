import { describe, expect, it } from 'vitest';
import { packMachines, type PackedMachines } from '../machines/packedMachines';
import type { Machine } from '../../shared/machine';
import { changedRowRanges, MAX_PARTIAL_RANGES } from './changedRowRanges';

const packed = packMachines(Array.from({ length: 600 }, (_, i) => ({ id: String(i), coordinates: [22.3, 114.1] }) as Machine));
const patchedFrom = (base: PackedMachines, rows: number[]): PackedMachines => ({
  ...base,
  revision: base.revision + 1000,
  changes: { since: base.revision, rows: Uint32Array.from(rows) },
});

describe('changedRowRanges', () => {
  it('merges neighbouring changed rows into one range and gives up on too many ranges', () => {
    expect(changedRowRanges(patchedFrom(packed, [0, 1, 2, 5, 7, 8]), packed)).toEqual([
      { startRow: 0, endRow: 3 }, { startRow: 5, endRow: 6 }, { startRow: 7, endRow: 9 },
    ]);
    const scattered = Array.from({ length: MAX_PARTIAL_RANGES + 1 }, (_, k) => k * 2);
    expect(changedRowRanges(patchedFrom(packed, scattered.slice(0, -1)), packed)).toHaveLength(MAX_PARTIAL_RANGES);
    expect(changedRowRanges(patchedFrom(packed, scattered), packed)).toBeUndefined();
  });

  it('gives no ranges (a full update) against any other packing, or for a packing made from scratch', () => {
    expect(changedRowRanges(patchedFrom(packed, [1]), packMachines([]))).toBeUndefined();
    expect(changedRowRanges(patchedFrom(packed, [1]), undefined)).toBeUndefined();
    expect(changedRowRanges(packed, packed)).toBeUndefined();
  });
});
