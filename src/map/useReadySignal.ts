import { useAtomValue } from 'jotai';
import { useEffect, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { postToHost } from '../embed/postToHost';
import { markForTests } from '../testHooks';
import { machinesLoadStateAtom } from '../machines/machinesAtom';
import { firstViewComplete } from '../pageLoad/firstView';

/** Tells the parent window `rvm:ready` once, after the first frame drawn with the loaded machines. */
export function useReadySignal(mapRef: RefObject<MapRef | null>, loaded: boolean): void {
  const loadState = useAtomValue(machinesLoadStateAtom);
  const sent = useRef(false);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded || sent.current || (loadState !== 'loaded' && loadState !== 'failed')) return;
    const onRender = () => {
      if (sent.current) return;
      sent.current = true;
      markForTests(document.documentElement, { mapReady: 'true' });
      postToHost({ type: 'rvm:ready' });
      firstViewComplete();
    };
    // Wait a frame so the layer has the machines, then for the frame that draws them.
    const raf = requestAnimationFrame(() => {
      map.once('render', onRender);
      map.triggerRepaint();
    });
    return () => {
      cancelAnimationFrame(raf);
      map.off('render', onRender);
    };
  }, [mapRef, loaded, loadState]);
}
