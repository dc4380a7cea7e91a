import type { createStore } from 'jotai';
import type { Machine } from '../shared/machine';
import { replaceMachineAtom } from '../src/machines/machinesAtom';
import { drawnFrames, type DrawnFrame } from '../src/map/drawnFrames';

/** What the bench page reads from the product beyond its filter atoms. */
export type { DrawnFrame };

export function onDrawnFrame(listener: (frame: DrawnFrame) => void): () => void {
  return drawnFrames.listen(listener);
}

/** As a server event is applied: the list with that one machine replaced. */
export function applyLiveChange(store: ReturnType<typeof createStore>, machine: Machine): void {
  store.set(replaceMachineAtom, machine);
}
