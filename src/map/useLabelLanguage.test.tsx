import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { describe, expect, it } from 'vitest';
import { localeAtom } from '../i18n/localeAtom';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { LABEL_SOURCE_ID, hkLabelTiles } from './basemapStyle';
import { useLabelLanguage } from './useLabelLanguage';

/** A map whose label source records each `setTiles`, as MapLibre's raster source keeps its `tiles`. */
function fakeMap(tiles: string[]) {
  const set: string[][] = [];
  const source = {
    tiles,
    setTiles(next: string[]) {
      set.push(next);
      source.tiles = next;
    },
  };
  const map = { getSource: (id: string) => (id === LABEL_SOURCE_ID ? source : undefined) };
  const ref = { current: { getMap: () => map } } as unknown as RefObject<MapRef | null>;
  return { ref, set };
}

describe('useLabelLanguage', () => {
  it('leaves the labels alone when the style already has them in the language shown', () => {
    const store = createStore();
    const { ref, set } = fakeMap([hkLabelTiles(store.get(localeAtom))]);
    renderHook(() => useLabelLanguage(ref, true), { wrapper: storeWrapper(store) });
    expect(set).toEqual([]);
  });

  it('switches the label tiles when the language changes', () => {
    const store = createStore();
    const { ref, set } = fakeMap([hkLabelTiles('en')]);
    renderHook(() => useLabelLanguage(ref, true), { wrapper: storeWrapper(store) });
    act(() => store.set(localeAtom, 'zht'));
    expect(set).toEqual([[hkLabelTiles('zht')]]);
  });
});
