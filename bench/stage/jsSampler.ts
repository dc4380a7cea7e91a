/**
 * The stage's main-thread JavaScript time, from the JS Self-Profiling API: Chromium samples the stack every
 * 10 ms or so, and a sample with a stack is a slice of JS running. Only documents served with
 * `Document-Policy: js-profiling` may profile (the bench page's servers send it); elsewhere there is no figure.
 * Samples of other documents' scripts (the page around the stage) come without a stack, so they do not count.
 */

/** The part of the JS Self-Profiling API used here (TypeScript's DOM types do not have it yet). */
interface ProfilerTrace {
  samples: { timestamp: number; stackId?: number }[];
}
interface ProfilerInstance {
  readonly sampleInterval: number;
  stop(): Promise<ProfilerTrace>;
}
type ProfilerConstructor = new (options: { sampleInterval: number; maxBufferSize: number }) => ProfilerInstance;

/** The shortest interval Chromium samples at. */
const SAMPLE_INTERVAL_MS = 10;
/** Room for a quarter of an hour of samples: a step at 1M markers in software WebGL can take minutes. */
const MAX_SAMPLES = 100_000;

export interface JsSampling {
  /** The sampling interval the browser granted, or null when JS cannot be sampled here. */
  intervalMs: number | null;
  /** Starts sampling; `stop` gives the JS time within [from, to] (page clock), less the `exclude` spans. */
  start(): { stop(from: number, to: number, exclude?: [number, number][]): Promise<number | null> };
}

function profilerConstructor(): ProfilerConstructor | null {
  const candidate = (globalThis as { Profiler?: unknown }).Profiler;
  return typeof candidate === 'function' ? (candidate as ProfilerConstructor) : null;
}

function newProfiler(): ProfilerInstance | null {
  const Profiler = profilerConstructor();
  if (!Profiler) return null;
  try {
    return new Profiler({ sampleInterval: SAMPLE_INTERVAL_MS, maxBufferSize: MAX_SAMPLES });
  } catch {
    // No Document-Policy allowing it: a NotAllowedError.
    return null;
  }
}

/** Sums, for each sample with a stack inside the span, the time until the next sample. */
export function jsTimeOf(
  samples: readonly { timestamp: number; stackId?: number }[],
  from: number,
  to: number,
  exclude: readonly [number, number][] = [],
): number {
  let total = 0;
  for (let i = 0; i + 1 < samples.length; i++) {
    const sample = samples[i]!;
    if (sample.stackId === undefined || sample.timestamp < from || sample.timestamp > to) continue;
    if (exclude.some(([a, b]) => sample.timestamp >= a && sample.timestamp <= b)) continue;
    total += samples[i + 1]!.timestamp - sample.timestamp;
  }
  return total;
}

export function jsSampling(): JsSampling {
  const probe = newProfiler();
  const intervalMs = probe ? probe.sampleInterval : null;
  void probe?.stop();
  return {
    intervalMs,
    start() {
      const profiler = intervalMs === null ? null : newProfiler();
      return {
        stop: async (from, to, exclude = []) => {
          if (!profiler) return null;
          const trace = await profiler.stop();
          return jsTimeOf(trace.samples, from, to, exclude);
        },
      };
    },
  };
}
