/**
 * The map's box, [[west, south], [east, north]] in degrees (docs/spec.md#constants). The page keeps the camera inside
 * it and leaves off machines outside it; the server refuses to store them.
 */
export const MAP_BOUNDS: [[number, number], [number, number]] = [
  [113.8167, 22.1333],
  [114.5167, 22.5833],
];

/** Whether a point lies in the map's box. */
export function isInsideMap(lat: number, lng: number): boolean {
  const [[west, south], [east, north]] = MAP_BOUNDS;
  return lat >= south && lat <= north && lng >= west && lng <= east;
}
