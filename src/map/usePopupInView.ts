import { useAtomValue } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';
import type { FramePace } from './framePace';
import { panToShow, POPUP_PAN_MS } from './popupInView';
import { useViewPadding } from './useViewPadding';

/**
 * When a machine's card opens, pans the map (once it stands still) so that the whole card shows: not cut by the
 * map's edge, nor under the desktop's filter panel.
 */
export function usePopupInView(mapRef: RefObject<MapRef | null>, loaded: boolean, pace: FramePace): void {
  const selectedId = useAtomValue(selectedMachineIdAtom);
  const viewPadding = useViewPadding();
  const padding = useRef(viewPadding);
  padding.current = viewPadding;
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded || !selectedId) return;
    let frame = 0;
    const show = () => {
      frame = requestAnimationFrame(() => {
        const container = map.getContainer();
        const popup = container.querySelector('.maplibregl-popup');
        if (!popup) return;
        const [dx, dy] = panToShow(popup.getBoundingClientRect(), container.getBoundingClientRect(), padding.current);
        if (dx !== 0 || dy !== 0) map.panBy([dx, dy], { duration: pace.cameraMs(POPUP_PAN_MS) });
      });
    };
    if (map.isMoving()) map.once('moveend', show);
    else show();
    return () => {
      cancelAnimationFrame(frame);
      map.off('moveend', show);
    };
  }, [mapRef, loaded, selectedId, pace]);
}
