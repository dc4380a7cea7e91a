import {
  FIT_PADDING_NONE_PX,
  LIST_SELECT_MAX_ZOOM,
  MAP_REFIT_DEBOUNCE_MS,
  MARKER_ICON_SIZE_PX,
} from '../../src/config';
import type { Machine } from '../../shared/machine';
import { boundsOfPositions, type LngLatBox } from '../../src/map/bounds';

/** As on our page with no panel (`useFitToResults`): room above the top marker, which stands on its point. */
export const REFIT_PADDING = { ...FIT_PADDING_NONE_PX, top: FIT_PADDING_NONE_PX.top + MARKER_ICON_SIZE_PX };
export const REFIT_MAX_ZOOM = LIST_SELECT_MAX_ZOOM;

/**
 * The spec's refit (docs/spec.md#validation-rules), which the original site did: 200 ms after the shown machines
 * change, the map fits them; shown again as before, it stays. The alternatives jump there without animation, their
 * cheapest way.
 */
export function refitToShown(machines: readonly Machine[], fit: (box: LngLatBox) => void): (shown: Uint8Array) => void {
  // Positions only, as boundsOfPositions reads them: packMachines' code columns would add to the page's load.
  const positions = new Float64Array(machines.length * 2);
  machines.forEach(({ coordinates }, i) => {
    positions[i * 2] = coordinates[1];
    positions[i * 2 + 1] = coordinates[0];
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastKey = '';
  return (shown) => {
    const rows: number[] = [];
    for (let i = 0; i < shown.length; i++) if (shown[i]) rows.push(i);
    // The same cheap identity of a result as our page's: count, first and last machine.
    const key = `${rows.length}:${rows[0]}:${rows.at(-1)}`;
    const box = boundsOfPositions(positions, Uint32Array.from(rows));
    if (!box || key === lastKey) return;
    lastKey = key;
    clearTimeout(timer);
    timer = setTimeout(() => fit(box), MAP_REFIT_DEBOUNCE_MS);
  };
}
