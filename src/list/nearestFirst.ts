import type { FilterResult } from '../filters/filterResult';
import { distanceMetres } from '../nearby/distance';
import { hasRoom } from '../nearby/eligibility';

/**
 * The result nearest `origin` first. With `openFlags` (1 = open now, per machine of `result.machines`), the
 * machines that take bottles now (open, in service, with room) come first, nearest first, then the others.
 */
export function nearestFirst(
  result: FilterResult,
  origin: readonly [number, number],
  openFlags?: Uint8Array,
): FilterResult {
  const { machines } = result;
  const metres = new Float64Array(machines.length);
  const later = new Uint8Array(machines.length);
  for (const i of result.indices) {
    const machine = machines[i]!;
    metres[i] = distanceMetres(origin, machine.coordinates);
    if (openFlags) later[i] = openFlags[i] === 1 && hasRoom(machine) ? 0 : 1;
  }
  const indices = Uint32Array.from(result.indices).sort((a, b) => later[a]! - later[b]! || metres[a]! - metres[b]!);
  return { ...result, indices };
}
