import type { Machine } from '../../shared/machine';

/**
 * A third-party maps directions page with the machine as destination (latitude,longitude). From a known place (a
 * kiosk's), the route starts there, on foot.
 */
export function directionsUrl(
  machine: Pick<Machine, 'coordinates'>,
  from: readonly [number, number] | null = null,
): string {
  const [lat, lng] = machine.coordinates;
  const destination = `destination=${encodeURIComponent(`${lat},${lng}`)}`;
  if (!from) return `https://www.google.com/maps/dir/?api=1&${destination}`;
  const origin = `origin=${encodeURIComponent(`${from[0]},${from[1]}`)}`;
  return `https://www.google.com/maps/dir/?api=1&${origin}&${destination}&travelmode=walking`;
}
