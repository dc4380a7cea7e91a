import { median, percentile } from '../stats';
import type { FrameStats } from './stageApi';

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * The map's WebGL2 context and deck.gl's on its own canvas (getContext returns the one already made; other
 * canvases are left alone, since asking one that has none would make one).
 */
export function pageGl(): WebGL2RenderingContext[] {
  const contexts: WebGL2RenderingContext[] = [];
  for (const canvas of document.querySelectorAll<HTMLCanvasElement>(
    'canvas.maplibregl-canvas, canvas#deckgl-overlay',
  )) {
    const gl = canvas.getContext('webgl2');
    if (gl) contexts.push(gl);
  }
  return contexts;
}

/**
 * After a frame's draw calls were issued: waits until the GPU has carried them out, then for the next
 * animation frame, which composites it. Without WebGL, two animation frames: the DOM change is drawn
 * after the first.
 */
export async function presented(contexts = pageGl()): Promise<void> {
  if (contexts.length > 0) {
    for (const gl of contexts) await gpuDone(gl);
    await nextFrame();
    return;
  }
  await nextFrame();
  await nextFrame();
}

/**
 * Resolves once the GPU has finished every command issued so far. `gl.finish()` returns before that in
 * Chrome, so the next step's time would pay for this one (docs/decisions/0012). A fence's status changes
 * only between tasks, so it is polled with timers.
 */
export async function gpuDone(gl: WebGL2RenderingContext): Promise<void> {
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return;
  gl.flush();
  try {
    while (!gl.isContextLost() && gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    gl.deleteSync(fence);
  }
}

/** How long the frame log keeps timestamps: longer than any step. */
const FRAME_LOG_MS = 15 * 60_000;

/**
 * Every animation frame's timestamp while the stage runs: a step's frame times are the intervals within its
 * span, and the live readout shows the last second's.
 */
export function frameLog() {
  const times: number[] = [];
  const tick = (t: number) => {
    times.push(t);
    if (times[0]! < t - FRAME_LOG_MS) times.splice(0, times.length >> 1);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    /** Intervals between frames that ended within [from, to]. */
    intervals(from: number, to = Infinity): number[] {
      const out: number[] = [];
      for (let i = 1; i < times.length; i++) {
        const t = times[i]!;
        if (t >= from && t <= to) out.push(t - times[i - 1]!);
      }
      return out;
    },
  };
}

export function frameStats(intervals: readonly number[]): FrameStats | null {
  if (intervals.length === 0) return null;
  return {
    count: intervals.length,
    p50: median(intervals),
    p95: percentile(intervals, 95),
    max: Math.max(...intervals),
  };
}

/** Settling: no drawing for `quietMs`, and still none once the GPU has drained (see `presented`). */
export function quietFor(quietMs: number) {
  let last = performance.now();
  return {
    poke: () => {
      last = performance.now();
    },
    /** Resolves true once quiet, or false when still drawing after `limitMs`. */
    wait: async (limitMs = Infinity): Promise<boolean> => {
      const giveUpAt = performance.now() + limitMs;
      for (;;) {
        while (performance.now() - last < quietMs) {
          if (performance.now() > giveUpAt) return false;
          await new Promise((r) => setTimeout(r, quietMs / 4));
        }
        const before = last;
        await presented();
        if (last === before) return true;
      }
    },
  };
}
