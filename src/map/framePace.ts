import { SMOOTH_FRAME_MAX_MS } from '../config';

/** How many of the latest frame intervals of map movement are kept. */
export const FRAME_PACE_SAMPLES = 8;
/** A longer gap between two frames of one move is a stall (a tab in the background), not the device's pace. */
const MAX_FRAME_INTERVAL_MS = 10_000;

/**
 * How fast this device draws the map, from the intervals between frames while the map moves (each frame
 * of a move is requested as soon as the last one is done, so the interval is the frame's cost). Unknown
 * until the map has moved: until then camera moves are animated.
 */
export class FramePace {
  private readonly intervals = new Float64Array(FRAME_PACE_SAMPLES);
  private count = 0;
  private next = 0;
  private lastFrameAt: number | null = null;

  /** `reducesMotion`: whether the visitor's system asks for less motion, read at each decision (it can change). */
  constructor(private readonly reducesMotion: () => boolean = prefersReducedMotion) {}

  moveStarted(): void {
    this.lastFrameAt = null;
  }

  moveEnded(): void {
    this.lastFrameAt = null;
  }

  /** A frame drawn at `at` ms while the map moves. */
  frameDrawn(at: number): void {
    const last = this.lastFrameAt;
    this.lastFrameAt = at;
    if (last === null || at <= last || at - last > MAX_FRAME_INTERVAL_MS) return;
    this.intervals[this.next] = at - last;
    this.next = (this.next + 1) % FRAME_PACE_SAMPLES;
    this.count = Math.min(this.count + 1, FRAME_PACE_SAMPLES);
  }

  /** The median of the kept intervals, or null before two frames of one move were seen. */
  medianFrameMs(): number | null {
    if (this.count === 0) return null;
    const sorted = Array.from(this.intervals.subarray(0, this.count)).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }

  /**
   * Whether a camera move should be animated. Slower than SMOOTH_FRAME_MAX_MS an animation is a few stills,
   * and each one holds back every other paint of the page (a letter typed in the search box waits for it).
   * Never where the visitor asked for less motion.
   */
  animates(): boolean {
    if (this.reducesMotion()) return false;
    const median = this.medianFrameMs();
    return median === null || median <= SMOOTH_FRAME_MAX_MS;
  }

  /**
   * The duration to give a camera move: `ms`, or 0 (a jump) when it should not be animated. A duration, not
   * MapLibre's `animate: false`, which its `flyTo` (and so `fitBounds`) ignores.
   */
  cameraMs(ms: number): number {
    return this.animates() ? ms : 0;
  }
}

let reducedMotionQuery: MediaQueryList | undefined;

/** The visitor's system setting `prefers-reduced-motion: reduce` (false where the page cannot ask). */
export function prefersReducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false;
  // One query for the page: its `matches` follows the setting as it changes.
  reducedMotionQuery ??= matchMedia('(prefers-reduced-motion: reduce)');
  return reducedMotionQuery.matches;
}
