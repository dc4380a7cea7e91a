import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_REFIT_DEBOUNCE_MS, POPUP_OPEN_DELAY_MS } from '../config';
import { filteredMachinesAtom, statusGroupAtom } from '../filters/filterAtoms';
import type { Machine } from '../../shared/machine';
import { machinesAtom } from '../machines/machinesAtom';
import { focusRequestAtom, selectedMachineIdAtom } from '../selection/selectionAtoms';
import { FramePace } from './framePace';
import { useFitToResults } from './useFitToResults';
import { useFocusRequests } from './useFocusRequests';
import { useFramePace } from './useFramePace';
import { storeWrapper } from '../../tests/support/storeWrapper';
import { testMachine } from '../../tests/support/testMachine';

const machine = (id: string, status: Machine['status'], lat: number): Machine =>
  testMachine(id, { status, coordinates: [lat, 114.1] });

/** The part of a MapLibre map the camera hooks use: its events and camera calls. */
function fakeMap() {
  const listeners = new Map<string, Set<() => void>>();
  const map = {
    moving: false,
    on: (type: string, fn: () => void) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    off: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    emit: (type: string) => listeners.get(type)?.forEach((fn) => fn()),
    isMoving: () => map.moving,
    fitBounds: vi.fn(),
    flyTo: vi.fn(),
  };
  const ref = {
    current: { getMap: () => map, fitBounds: map.fitBounds, flyTo: map.flyTo },
  } as unknown as RefObject<MapRef | null>;
  return { map, ref };
}

/** A move whose frames come `frameMs` apart on the page's clock. */
function move(map: ReturnType<typeof fakeMap>['map'], frameMs: number, frames = 4) {
  map.moving = true;
  map.emit('movestart');
  for (let i = 0; i < frames; i++) {
    vi.advanceTimersByTime(frameMs);
    map.emit('render');
  }
  map.moving = false;
  map.emit('moveend');
}

function slowPace(): FramePace {
  const pace = new FramePace();
  pace.moveStarted();
  for (const at of [0, 300, 600, 900]) pace.frameDrawn(at);
  return pace;
}

/** A pace not measured yet (camera moves animate) and a slow one (they jump). */
const PACES = [
  { pace: new FramePace(), animates: true },
  { pace: slowPace(), animates: false },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useFramePace', () => {
  it('learns the pace from frames drawn while the map moves, not from redraws of a still map', () => {
    const { map, ref } = fakeMap();
    const { result } = renderHook(() => useFramePace(ref, true));
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(500);
      map.emit('render');
    }
    expect(result.current.medianFrameMs()).toBeNull();
    move(map, 16);
    expect(result.current.medianFrameMs()).toBe(16);
    expect(result.current.animates()).toBe(true);
    move(map, 250, 8);
    expect(result.current.medianFrameMs()).toBe(250);
    expect(result.current.animates()).toBe(false);
  });

  it('stops listening when unmounted', () => {
    const { map, ref } = fakeMap();
    const { result, unmount } = renderHook(() => useFramePace(ref, true));
    const pace = result.current;
    unmount();
    move(map, 250);
    expect(pace.medianFrameMs()).toBeNull();
  });
});

describe('camera moves follow the pace', () => {
  const machines = [machine('a', '>40%', 22.31), machine('b', 'Full', 22.35), machine('c', 'Full', 22.4)];

  it('refits: the first fit jumps; later ones animate on a fast or unknown pace and jump on a slow one', () => {
    for (const { pace, animates } of PACES) {
      const store = createStore();
      store.set(machinesAtom, machines);
      const { map, ref } = fakeMap();
      const { rerender } = renderHook(() => useFitToResults(ref, true, store.get(filteredMachinesAtom), pace), {
        wrapper: storeWrapper(store),
      });
      act(() => vi.advanceTimersByTime(MAP_REFIT_DEBOUNCE_MS));
      expect(map.fitBounds).toHaveBeenCalledTimes(1);
      expect(map.fitBounds.mock.calls[0]![1]).toMatchObject({ duration: 0 });
      act(() => store.set(statusGroupAtom, 'full'));
      rerender();
      act(() => vi.advanceTimersByTime(MAP_REFIT_DEBOUNCE_MS));
      expect(map.fitBounds).toHaveBeenCalledTimes(2);
      expect(map.fitBounds.mock.calls[1]![1]).toMatchObject({ duration: animates ? 600 : 0 });
    }
  });

  it('a machine chosen in the list: flies on a fast pace, jumps on a slow one, the popup opens either way', () => {
    for (const { pace, animates } of PACES) {
      const store = createStore();
      store.set(machinesAtom, machines);
      const { map, ref } = fakeMap();
      renderHook(() => useFocusRequests(ref, true, pace), { wrapper: storeWrapper(store) });
      act(() => store.set(focusRequestAtom, { id: 'b', seq: 1 }));
      const flight = map.flyTo.mock.calls[0]![0] as { zoom: number; duration?: number };
      expect(flight.zoom).toBe(15);
      // No duration: MapLibre's own flight time; 0: a jump.
      expect(flight.duration).toBe(animates ? undefined : 0);
      act(() => vi.advanceTimersByTime(POPUP_OPEN_DELAY_MS));
      expect(store.get(selectedMachineIdAtom)).toBe('b');
    }
  });
});
