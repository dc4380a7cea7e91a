// The offline land outline the map draws under its tiles (assets/hk-land.json), asked where land is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../testkit/browser/harness';
import { project, type MapView, type ScreenPoint } from './mapPixels';

type Ring = [number, number][]; // [lng, lat] pairs, as GeoJSON has them
const outline = JSON.parse(readFileSync(join(ROOT, 'assets/hk-land.json'), 'utf8')) as {
  features: { geometry: { type: 'MultiPolygon'; coordinates: Ring[][] } }[];
};
const RINGS: Ring[] = outline.features.flatMap((f) => f.geometry.coordinates.flat());

/** Even-odd rule over every ring: holes (lakes, harbours) count as water. */
export function onLand([lat, lng]: [number, number]): boolean {
  let inside = false;
  for (const ring of RINGS) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** For one view: the screen distance from a point to the nearest coastline, in CSS pixels. */
export function coastDistanceOn(view: MapView): (point: ScreenPoint) => number {
  const lines = RINGS.map((ring) => ring.map(([lng, lat]) => project(view, [lat, lng])));
  return (point) => {
    let best = Infinity;
    for (const line of lines) {
      for (let i = 1; i < line.length; i++) best = Math.min(best, segmentDistance(point, line[i - 1]!, line[i]!));
    }
    return best;
  };
}

function segmentDistance(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
