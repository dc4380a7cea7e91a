import type { FilterResult } from './filterResult';

/** The result without the machines whose flag is 0 (closed now); the same result when none is dropped. */
export function keepOpenNow(result: FilterResult, openFlags: Uint8Array): FilterResult {
  const indices = new Uint32Array(result.count);
  let count = 0;
  for (const i of result.indices) if (openFlags[i] === 1) indices[count++] = i;
  if (count === result.count) return result;
  const mask = result.mask.slice();
  for (const i of result.indices) if (openFlags[i] !== 1) mask[i] = 0;
  return { machines: result.machines, indices: indices.subarray(0, count), count, mask };
}
