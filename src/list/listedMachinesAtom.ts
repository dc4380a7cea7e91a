import { atom } from 'jotai';
import { filteredMachinesAtom } from '../filters/filterAtoms';
import type { FilterResult } from '../filters/filterResult';
import { distanceMetres } from '../nearby/distance';
import { positionAtom } from '../nearby/geolocationAtom';
import { sortOrderAtom } from '../nearby/sortAtoms';

/** The filtered machines in list order, nearest first when sorting by distance. The map reads the unsorted result. */
export const listedMachinesAtom = atom((get): FilterResult => {
  const result = get(filteredMachinesAtom);
  const position = get(positionAtom);
  if (get(sortOrderAtom) !== 'distance' || position === null) return result;
  return sortByDistance(result, position);
});
listedMachinesAtom.debugLabel = 'listedMachines';

function sortByDistance(result: FilterResult, position: readonly [number, number]): FilterResult {
  const metres = new Float64Array(result.machines.length);
  for (const i of result.indices) metres[i] = distanceMetres(position, result.machines[i]!.coordinates);
  const indices = Uint32Array.from(result.indices).sort((a, b) => metres[a]! - metres[b]!);
  return { ...result, indices };
}
