import type { Area, District, Machine } from '../../shared/machine';
import { rowRange } from '../machines/machineRows';
import { areaCodeOf, districtCodeOf, groupCodeOf, type PackedMachines } from '../machines/packedMachines';
import type { StatusGroup } from '../machines/statusGroups';

/** The filtered machines: which of machinesAtom's list are shown, in list order. */
export interface FilterResult {
  /** The full list the indices point into. */
  readonly machines: readonly Machine[];
  /** Indices of the shown machines, ascending; `count` long. */
  readonly indices: Uint32Array;
  readonly count: number;
  /** Per machine of the full list, 1 when shown and 0 when hidden: the map scales each marker by it. */
  readonly mask: Float32Array;
}

export interface CodeCriteria {
  statusGroup: StatusGroup | null;
  area: Area | null;
  district: District | null;
}

/**
 * Applies the status, area and district filters to the packed columns, over every machine or, when a
 * text search ran, over its matches only. The same machines as the reference filter (testkit/reference), without strings. With no
 * filter at all the result's indices are `allRows` (MachineList.allRows, shared by every such result).
 */
export function filterPacked(
  machines: readonly Machine[],
  packed: PackedMachines,
  c: CodeCriteria,
  textMatches: Uint32Array | null,
  allRows: Uint32Array = rowRange(packed.count),
): FilterResult {
  const area = c.area === null ? -1 : areaCodeOf(c.area);
  const district = c.district === null ? -1 : districtCodeOf(c.district);
  const group = c.statusGroup === null ? -1 : groupCodeOf(c.statusGroup);
  const { areaCodes, districtCodes, groupCodes } = packed;
  const mask = new Float32Array(packed.count);
  if (area < 0 && district < 0 && group < 0 && textMatches === null) {
    mask.fill(1);
    return { machines, indices: allRows, count: packed.count, mask };
  }
  const total = textMatches ? textMatches.length : packed.count;
  const indices = new Uint32Array(total);
  let count = 0;
  for (let k = 0; k < total; k++) {
    const i = textMatches ? textMatches[k]! : k;
    if (area >= 0 && areaCodes[i] !== area) continue;
    if (district >= 0 && districtCodes[i] !== district) continue;
    if (group >= 0 && groupCodes[i] !== group) continue;
    mask[i] = 1;
    indices[count++] = i;
  }
  return { machines, indices: indices.subarray(0, count), count, mask };
}

export function resultMachineAt(result: FilterResult, position: number): Machine {
  return result.machines[result.indices[position]!]!;
}
