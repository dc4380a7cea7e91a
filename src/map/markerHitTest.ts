import type { PackedMachines } from '../machines/packedMachines';
import type { MarkerShape } from './markerShape';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** The map's projection, as MapLibre gives it: longitude/latitude ↔ CSS pixels of the map's canvas. */
export interface MapProjection {
  project(lngLat: [number, number]): ScreenPoint;
  unproject(point: [number, number]): { lng: number; lat: number };
}

/**
 * The row of the machine whose marker is under `point`, or -1: the marker drawn on top where one covers the
 * point, else the one with an opaque pixel nearest to it within `radius` pixels (a square, as deck.gl's picking
 * reads it). Later rows are drawn over earlier ones. Only shown machines count. Markers are screen-aligned,
 * so the test runs in CSS pixels; machines are first narrowed to the longitude/latitude box whose markers
 * can reach the point, so even a million machines cost a few milliseconds.
 */
export function markerAt(
  packed: PackedMachines,
  shown: Float32Array,
  shape: MarkerShape,
  map: MapProjection,
  point: ScreenPoint,
  radius: number,
): number {
  const { width, height, anchorX, anchorY, masks } = shape;
  // Where an anchor can be for its marker to come within `radius` of the point.
  const left = point.x - (width - anchorX) - radius;
  const right = point.x + anchorX + radius;
  const top = point.y - (height - anchorY) - radius;
  const bottom = point.y + anchorY + radius;
  const corners = [
    map.unproject([left, top]),
    map.unproject([right, top]),
    map.unproject([left, bottom]),
    map.unproject([right, bottom]),
  ];
  const west = Math.min(...corners.map((c) => c.lng));
  const east = Math.max(...corners.map((c) => c.lng));
  const south = Math.min(...corners.map((c) => c.lat));
  const north = Math.max(...corners.map((c) => c.lat));

  const { positions, stateCodes, count } = packed;
  let best = -1;
  let bestDistance = Infinity;
  const lngLat: [number, number] = [0, 0];
  for (let row = 0; row < count; row++) {
    if (shown[row] === 0) continue;
    const lng = positions[row * 2]!;
    const lat = positions[row * 2 + 1]!;
    if (lng < west || lng > east || lat < south || lat > north) continue;
    lngLat[0] = lng;
    lngLat[1] = lat;
    const anchor = map.project(lngLat);
    const mask = masks[stateCodes[row]!];
    if (!mask) continue;
    const distance = distanceToOpaque(
      mask,
      width,
      height,
      point.x - (anchor.x - anchorX),
      point.y - (anchor.y - anchorY),
      radius,
    );
    // `<=`: of equal distances, the later row is drawn on top.
    if (distance <= bestDistance && distance !== Infinity) {
      best = row;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Squared distance from (x, y), in the marker's own pixels, to the centre of its nearest opaque pixel within
 * `radius`; 0 when (x, y) lies in an opaque pixel; Infinity when none is that near.
 */
function distanceToOpaque(
  mask: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  radius: number,
): number {
  const u = Math.floor(x);
  const v = Math.floor(y);
  if (u >= 0 && u < width && v >= 0 && v < height && mask[v * width + u] === 1) return 0;
  let nearest = Infinity;
  const reach = Math.ceil(radius);
  for (let j = Math.max(0, v - reach); j <= Math.min(height - 1, v + reach); j++) {
    for (let i = Math.max(0, u - reach); i <= Math.min(width - 1, u + reach); i++) {
      if (mask[j * width + i] !== 1) continue;
      const dx = i + 0.5 - x;
      const dy = j + 0.5 - y;
      if (Math.abs(dx) > radius + 0.5 || Math.abs(dy) > radius + 0.5) continue;
      nearest = Math.min(nearest, dx * dx + dy * dy);
    }
  }
  return nearest;
}
