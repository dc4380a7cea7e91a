/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD_PER_DEG = Math.PI / 180;

/** Great-circle distance in metres between two [latitude, longitude] points (haversine formula). */
export function distanceMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const lat1 = a[0] * RAD_PER_DEG;
  const lat2 = b[0] * RAD_PER_DEG;
  const dLat = lat2 - lat1;
  const dLng = (b[1] - a[1]) * RAD_PER_DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
