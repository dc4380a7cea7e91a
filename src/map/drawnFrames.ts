import type { Layer } from '@deck.gl/core';
import type { FilterResult } from '../filters/filterResult';

/** What the map's last frame showed. One object, updated in place: this runs every frame. */
export interface DrawnFrame {
  /** Frames drawn so far. */
  seq: number;
  /** `performance.now()` at the end of the frame. */
  at: number;
  /** The filter result whose markers the frame showed; null while deck.gl has not taken the layer or its icons load. */
  result: FilterResult | null;
}

const last: DrawnFrame = { seq: 0, at: 0, result: null };
const listeners = new Set<(frame: Readonly<DrawnFrame>) => void>();

/**
 * Called after each deck.gl draw. Lets whoever needs "the markers are on screen", such as the benchmark,
 * wait for the frame itself instead of guessing with timers. A layer deck.gl has not taken yet is not loaded.
 */
export function noteDrawnFrame(layer: Layer | undefined, result: FilterResult): Readonly<DrawnFrame> {
  last.seq += 1;
  last.at = performance.now();
  last.result = layer?.isLoaded ? result : null;
  for (const listener of listeners) listener(last);
  return last;
}

export function lastDrawnFrame(): Readonly<DrawnFrame> {
  return last;
}

/** Listens to every drawn frame; returns the function that stops listening. */
export function onDrawnFrame(listener: (frame: Readonly<DrawnFrame>) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
