import type { FilterResult } from '../filters/filterResult';
import { testSignal } from '../testHooks';

/** What a map frame showed. */
export interface DrawnFrame {
  /** `performance.now()` at the end of the frame. */
  at: number;
  /** The filter result whose markers the frame showed; null while deck.gl has not taken the layer or its icons load. */
  result: FilterResult | null;
}

/** Each frame deck.gl draws, for the benchmark to wait for the frame itself instead of guessing with timers. */
export const drawnFrames = testSignal<DrawnFrame>();
