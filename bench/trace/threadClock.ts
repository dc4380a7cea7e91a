import type { TraceEvent } from './traceEvent';

/**
 * A thread's CPU clock read off a trace: every complete event on the thread gives two points (its start and end,
 * in wall time and in thread time), and between points the thread's time runs linearly. `cpuMs(from, to)` is then
 * the CPU time the thread had between two wall times (ms from `t0`, the navigation), which on a shared machine
 * says what a span cost where the wall clock also counts the time the thread waited for a core.
 */
export function threadClock(events: readonly TraceEvent[], thread: { pid: number; tid: number }, t0: number) {
  const points: [number, number][] = [];
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X') continue;
    if (e.dur === undefined || e.tts === undefined || e.tdur === undefined) continue;
    points.push([(e.ts - t0) / 1000, e.tts / 1000], [(e.ts + e.dur - t0) / 1000, (e.tts + e.tdur) / 1000]);
  }
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // Thread time never runs backwards: rounding in the trace's microseconds can make neighbours disagree.
  for (let i = 1; i < points.length; i++) points[i]![1] = Math.max(points[i]![1], points[i - 1]![1]);
  const at = (wallMs: number): number => {
    if (points.length === 0) return 0;
    let lo = 0;
    let hi = points.length - 1;
    if (wallMs <= points[0]![0]) return points[0]![1];
    if (wallMs >= points[hi]![0]) return points[hi]![1];
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (points[mid]![0] <= wallMs) lo = mid;
      else hi = mid;
    }
    const [w0, c0] = points[lo]!;
    const [w1, c1] = points[hi]!;
    // Between two points outside any event the thread was idle: its time stands still until the next event.
    return w1 === w0 ? c1 : c0 + Math.min(c1 - c0, Math.max(0, wallMs - w0) * ((c1 - c0) / (w1 - w0)));
  };
  return {
    cpuMs: (fromMs: number, toMs: number): number => Math.max(0, at(toMs) - at(fromMs)),
  };
}

export type ThreadClock = ReturnType<typeof threadClock>;
