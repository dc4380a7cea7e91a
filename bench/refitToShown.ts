import { LIST_SELECT_MAX_ZOOM, MAP_REFIT_DEBOUNCE_MS, MARKER_ICON_SIZE_PX } from '../src/config';
import type { Machine } from '../src/machines/machine';
import type { LngLatBox } from '../src/map/bounds';

/** As on our page with no panel: nothing but room above the top marker, which stands on its point. */
export const REFIT_PADDING = { top: MARKER_ICON_SIZE_PX, bottom: 0, left: 0, right: 0 } as const;
export const REFIT_MAX_ZOOM = LIST_SELECT_MAX_ZOOM;

/**
 * The spec's refit (§5), which the original site did: 200 ms after the shown machines change, the map fits
 * them; shown again as before, it stays. The alternatives jump there without animation, their cheapest way.
 */
export function refitToShown(machines: readonly Machine[], fit: (box: LngLatBox) => void): (shown: Uint8Array) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastKey = '';
  return (shown) => {
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    let count = 0;
    let first = -1;
    let last = -1;
    for (let i = 0; i < machines.length; i++) {
      if (!shown[i]) continue;
      const [lat, lng] = machines[i]!.coordinates;
      [west, east, south, north] = [Math.min(west, lng), Math.max(east, lng), Math.min(south, lat), Math.max(north, lat)];
      if (first < 0) first = i;
      last = i;
      count++;
    }
    const key = `${count}:${first}:${last}`;
    if (count === 0 || key === lastKey) return;
    lastKey = key;
    clearTimeout(timer);
    timer = setTimeout(() => fit([[west, south], [east, north]]), MAP_REFIT_DEBOUNCE_MS);
  };
}
