import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { mapViewAtom } from '../map/mapViewAtom';
import { useUrlStateSync } from './useUrlStateSync';
import { storeWrapper } from '../../tests/support/storeWrapper';

describe('useUrlStateSync', () => {
  it('re-renders the screen that holds it when the map loads, not each time the map settles after a move', () => {
    const store = createStore();
    let renders = 0;
    renderHook(
      () => {
        renders++;
        useUrlStateSync();
      },
      { wrapper: storeWrapper(store) },
    );
    act(() => store.set(mapViewAtom, { zoom: 11, center: [114.1, 22.3] }));
    const afterLoad = renders;
    act(() => store.set(mapViewAtom, { zoom: 12, center: [114.2, 22.4] }));
    act(() => store.set(mapViewAtom, { zoom: 13, center: [114.15, 22.35] }));
    expect(renders).toBe(afterLoad);
  });
});
