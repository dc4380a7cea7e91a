import { MAP_BOUNDS, isInsideMap } from './mapBounds';

/**
 * Where a kiosk stands, as `?here=` and RVM_KIOSK_HERE write it: "latitude,longitude" in decimal degrees, on the
 * map (e.g. "22.2819,114.1581"). The page and the server read it the same way.
 */
export type PlaceReading = { place: [latitude: number, longitude: number] } | { problem: string };

const DEGREES = /^[+-]?\d{1,3}(\.\d+)?$/;
const [[WEST, SOUTH], [EAST, NORTH]] = MAP_BOUNDS;

export function readPlace(text: string): PlaceReading {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => DEGREES.test(part)))
    return { problem: 'must be latitude,longitude in decimal degrees, e.g. 22.2819,114.1581' };
  const [lat, lng] = parts.map(Number) as [number, number];
  if (isInsideMap(lat, lng)) return { place: [lat, lng] };
  if (isInsideMap(lng, lat)) return { problem: 'has the longitude first: latitude comes first, e.g. 22.2819,114.1581' };
  return { problem: `must lie on the map: latitude ${SOUTH} to ${NORTH}, longitude ${WEST} to ${EAST}` };
}

/** A place the server sent (runtime config): two numbers on the map, else null. */
export function placeOrNull(value: unknown): [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [lat, lng] = value as unknown[];
  return typeof lat === 'number' && typeof lng === 'number' && isInsideMap(lat, lng) ? [lat, lng] : null;
}
