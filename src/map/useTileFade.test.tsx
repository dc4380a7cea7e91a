import { renderHook } from '@testing-library/react';
import type { RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { describe, expect, it } from 'vitest';
import { FramePace } from './framePace';
import { useTileFade } from './useTileFade';

/** The part of a MapLibre map the hook uses: moveend, the layers and their paint properties. */
function fakeMap() {
  const listeners = new Set<() => void>();
  const layers: Record<string, { type: string; paint: Record<string, unknown> }> = {
    sea: { type: 'background', paint: {} },
    basemap: { type: 'raster', paint: {} },
    labels: { type: 'raster', paint: { 'raster-fade-duration': 150 } },
  };
  const map = {
    on: (type: string, fn: () => void) => type === 'moveend' && listeners.add(fn),
    off: (type: string, fn: () => void) => type === 'moveend' && listeners.delete(fn),
    moveEnded: () => listeners.forEach((fn) => fn()),
    getLayersOrder: () => Object.keys(layers),
    getLayer: (id: string) => layers[id],
    getPaintProperty: (id: string, name: string) => layers[id]!.paint[name],
    setPaintProperty: (id: string, name: string, value: unknown) => {
      if (value === undefined) delete layers[id]!.paint[name];
      else layers[id]!.paint[name] = value;
    },
    fades: () => Object.fromEntries(Object.entries(layers).map(([id, l]) => [id, l.paint['raster-fade-duration']])),
  };
  const ref = { current: { getMap: () => map } } as unknown as RefObject<MapRef | null>;
  return { map, ref };
}

/** A move whose frames were `frameMs` apart. */
function moved(pace: FramePace, frameMs: number) {
  pace.moveStarted();
  for (let i = 0; i < 8; i++) pace.frameDrawn(1000 + i * frameMs);
  pace.moveEnded();
}

describe('useTileFade', () => {
  it('keeps the style’s tile fade until the map has moved at a pace too slow to animate, then drops it', () => {
    const { map, ref } = fakeMap();
    const pace = new FramePace();
    renderHook(() => useTileFade(ref, true, pace));
    map.moveEnded();
    expect(map.fades()).toEqual({ sea: undefined, basemap: undefined, labels: 150 });
    moved(pace, 250);
    map.moveEnded();
    expect(map.fades()).toEqual({ sea: undefined, basemap: 0, labels: 0 });
  });

  it('gives the style’s fades back when the pace recovers', () => {
    const { map, ref } = fakeMap();
    const pace = new FramePace();
    renderHook(() => useTileFade(ref, true, pace));
    moved(pace, 250);
    map.moveEnded();
    moved(pace, 16);
    map.moveEnded();
    expect(map.fades()).toEqual({ sea: undefined, basemap: undefined, labels: 150 });
  });

  it('waits for the map to load and stops listening when unmounted', () => {
    const { map, ref } = fakeMap();
    const pace = new FramePace();
    moved(pace, 250);
    const { rerender, unmount } = renderHook(({ loaded }) => useTileFade(ref, loaded, pace), {
      initialProps: { loaded: false },
    });
    map.moveEnded();
    expect(map.fades().basemap).toBeUndefined();
    rerender({ loaded: true });
    expect(map.fades().basemap).toBe(0);
    unmount();
    moved(pace, 16);
    map.moveEnded();
    expect(map.fades().basemap).toBe(0);
  });

  it('shows tiles without fading from the first frame where the visitor asked for less motion', () => {
    const { map, ref } = fakeMap();
    const pace = new FramePace(() => true);
    renderHook(() => useTileFade(ref, true, pace));
    expect(map.fades()).toEqual({ sea: undefined, basemap: 0, labels: 0 });
  });
});
