import type { Machine } from '../../shared/machine';

/** A third-party maps directions page with the machine as destination (latitude,longitude). */
export function directionsUrl(machine: Pick<Machine, 'coordinates'>): string {
  const [lat, lng] = machine.coordinates;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${lat},${lng}`)}`;
}
