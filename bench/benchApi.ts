import type { CodeCriteria } from '../src/filters/filterResult';

/**
 * The pages the runner drives: ours, the two alternatives, and the basemap with no markers (the floor).
 */
export const IMPLS = ['ours', 'leaflet', 'maplibre-symbol', 'basemap'] as const;
export type Impl = (typeof IMPLS)[number];

export const FILTER_KINDS = ['status', 'district', 'reset'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** The same filter changes on every page: one status group, one district, back to everything. */
export const FILTERS: Record<FilterKind, CodeCriteria> = {
  status: { statusGroup: 'nearlyFull', area: null, district: null },
  district: { statusGroup: null, area: 'NEW_TERRITORIES', district: 'SHA TIN' },
  reset: { statusGroup: null, area: null, district: null },
};

/**
 * Trace marker stamped by our page (both builds) inside the task in which the map drew the step's result:
 * the markers' draw calls for the change have been issued then (mainThreadTrace's "to markers drawn").
 */
export const MARKERS_DRAWN_MARK = 'bench:markers-drawn';

/** Typed one key at a time: broad at first ('s' is in every name), narrow at the end. */
export const SEARCH_TEXT = 'sha tin';

/** A measured step: how long until the frame showing it, and how many machines it shows. */
export interface Timed {
  ms: number;
  count: number;
}

/** The measurement hooks every bench page puts on `window.__bench`, so one runner drives them all. */
export interface BenchApi {
  impl: Impl;
  n: number;
  /** How long generating the synthetic machines took (the same work on every page). */
  generateMs: number;
  /** Resolves at the first frame with all markers; `ms` is from navigation start. */
  ready: Promise<Timed>;
  applyFilter(kind: FilterKind): Promise<Timed>;
  /** Applies the search text as if the debounce had just fired. */
  typeSearch(text: string): Promise<Timed>;
  /** One machine's status changes as a live event changes it; resolves at the frame that shows it (ours only). */
  liveChange?(): Promise<Timed>;
  /** Resolves once the map has stopped moving and drawing. */
  settle(): Promise<void>;
  /** Shows or hides the page's panel and legend (only ours has them), to measure the map alone. */
  setChrome?(shown: boolean): Promise<void>;
  startFrames(): void;
  /** Frame intervals (ms) since startFrames. */
  stopFrames(): number[];
  startKeys(): void;
  /** The keys pressed since startKeys. */
  stopKeys(): KeyTimes;
}

/** For each key pressed: ms until the page's handlers ran (main thread) and until the letter was on screen. */
export interface KeyTimes {
  handledMs: number[];
  paintedMs: number[];
}

declare global {
  interface Window {
    __bench?: BenchApi;
  }
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * The map's WebGL2 context and deck.gl's when it draws on its own canvas (getContext returns the one already
 * made; other canvases are left alone, since asking one that has none would make one).
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

/** Records requestAnimationFrame timestamps; the intervals are the frame times the user saw. */
export function frameRecorder() {
  let times: number[] = [];
  let id = 0;
  const tick = (t: number) => {
    times.push(t);
    id = requestAnimationFrame(tick);
  };
  return {
    start() {
      times = [];
      cancelAnimationFrame(id);
      id = requestAnimationFrame(tick);
    },
    stop(): number[] {
      cancelAnimationFrame(id);
      return times.slice(1).map((t, i) => t - times[i]!);
    },
  };
}

/**
 * Times each key pressed in the page, from the key event to the end of the frame that shows the letter:
 * the map's GPU work already issued must be done (the page's next paint waits for it), then the frame
 * with the letter, then whatever map frame that frame issued.
 */
export function keyPaintRecorder() {
  let times: KeyTimes = { handledMs: [], paintedMs: [] };
  const painted = async (since: number) => {
    await presented();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const gl of pageGl()) await gpuDone(gl);
    times.paintedMs.push(performance.now() - since);
  };
  document.addEventListener(
    'keydown',
    (event) => {
      times.handledMs.push(performance.now() - event.timeStamp);
      void painted(event.timeStamp);
    },
    { capture: true },
  );
  return {
    start() {
      times = { handledMs: [], paintedMs: [] };
    },
    stop: (): KeyTimes => times,
  };
}

/** Settling: no drawing for `quietMs`, and still none once the GPU has drained (see `presented`). */
export function quietFor(quietMs: number) {
  let last = performance.now();
  return {
    poke: () => {
      last = performance.now();
    },
    wait: async () => {
      for (;;) {
        while (performance.now() - last < quietMs) await new Promise((r) => setTimeout(r, quietMs / 4));
        const before = last;
        await presented();
        if (last === before) return;
      }
    },
  };
}
