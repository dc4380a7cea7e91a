export type LngLatBox = [[number, number], [number, number]];

/**
 * The smallest [[west, south], [east, north]] box around packed [longitude, latitude] pairs: the rows in
 * `indices`, or every row when `indices` is null. Null when there are none.
 */
export function boundsOfPositions(positions: Float64Array, indices: Uint32Array | null): LngLatBox | null {
  const count = indices ? indices.length : positions.length / 2;
  if (count === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let k = 0; k < count; k++) {
    const i = (indices ? indices[k]! : k) * 2;
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
