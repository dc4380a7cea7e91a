import type { Machine } from '../machines/machine';

export type LngLatBox = [[number, number], [number, number]];

/** The smallest [[west, south], [east, north]] box around the machines, or null when there are none. */
export function boundsOfMachines(machines: readonly Machine[]): LngLatBox | null {
  if (machines.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const m of machines) {
    const [lat, lng] = m.coordinates;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** The same box from packed [longitude, latitude] pairs, over the chosen indices only. */
export function boundsOfPositions(positions: Float64Array, indices: Uint32Array): LngLatBox | null {
  if (indices.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]! * 2;
    const lng = positions[i]!;
    const lat = positions[i + 1]!;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [
    [west, south],
    [east, north],
  ];
}
