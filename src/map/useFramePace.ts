import { useEffect, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { FramePace } from './framePace';

/** Measures how fast the map draws while it moves; camera hooks ask it whether to animate. */
export function useFramePace(mapRef: RefObject<MapRef | null>, loaded: boolean): FramePace {
  const [pace] = useState(() => new FramePace());
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !loaded) return;
    let moving = map.isMoving();
    const onMoveStart = () => {
      moving = true;
      pace.moveStarted();
    };
    const onMoveEnd = () => {
      moving = false;
      pace.moveEnded();
    };
    const onRender = () => {
      if (moving) pace.frameDrawn(performance.now());
    };
    map.on('movestart', onMoveStart);
    map.on('moveend', onMoveEnd);
    map.on('render', onRender);
    return () => {
      map.off('movestart', onMoveStart);
      map.off('moveend', onMoveEnd);
      map.off('render', onRender);
    };
  }, [mapRef, loaded, pace]);
  return pace;
}
