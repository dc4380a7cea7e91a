import type { createStore } from 'jotai';
import type { Machine } from '../shared/machine';
import { machinesAtom } from '../src/machines/machinesAtom';
import { replaceMachine } from '../src/live/replaceMachine';
import { onDrawnFrame as onBaselineFrame } from '../src/map/drawnFrames';
import type { FilterResult } from '../src/filters/filterResult';

/**
 * bench/productHooks.ts for the baseline commit (b4e91f9): its build copies this file over that one. Written
 * against the baseline's modules, so it is not type-checked here (see tsconfig and ESLint ignores).
 */
export interface DrawnFrame {
  at: number;
  result: FilterResult | null;
}

export function onDrawnFrame(listener: (frame: DrawnFrame) => void): () => void {
  return onBaselineFrame((frame) => listener({ at: frame.at, result: frame.result }));
}

export function applyLiveChange(store: ReturnType<typeof createStore>, machine: Machine): void {
  store.set(machinesAtom, (machines: readonly Machine[]) => replaceMachine(machines, machine));
}
