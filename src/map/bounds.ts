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
