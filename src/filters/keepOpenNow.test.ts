import { describe, expect, it } from 'vitest';
import type { FilterResult } from './filterResult';
import type { Machine } from '../../shared/machine';
import { keepOpenNow } from './keepOpenNow';

const machines = ['a', 'b', 'c', 'd'].map((id) => ({ id }) as Machine);
const result: FilterResult = {
  machines,
  indices: Uint32Array.from([0, 2, 3]),
  count: 3,
  mask: Float32Array.from([1, 0, 1, 1]),
};

describe('keepOpenNow', () => {
  it('drops the closed machines from the indices and the map mask', () => {
    const kept = keepOpenNow(result, Uint8Array.from([1, 1, 0, 1]));
    expect(Array.from(kept.indices)).toEqual([0, 3]);
    expect(kept.count).toBe(2);
    expect(Array.from(kept.mask)).toEqual([1, 0, 0, 1]);
    expect(Array.from(result.mask)).toEqual([1, 0, 1, 1]);
  });

  it('is the same result when every shown machine is open', () => {
    expect(keepOpenNow(result, Uint8Array.from([1, 0, 1, 1]))).toBe(result);
  });
});
