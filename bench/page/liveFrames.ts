import { median, percentile } from '../stats';

/** The live readout: frames per second and frame time over about the last second. */
export interface LiveFrames {
  fps: number;
  p50: number;
  p95: number;
}

export function liveFrames(intervals: readonly number[]): LiveFrames | null {
  if (intervals.length === 0) return null;
  const total = intervals.reduce((sum, t) => sum + t, 0);
  return { fps: (intervals.length * 1000) / total, p50: median(intervals), p95: percentile(intervals, 95) };
}
