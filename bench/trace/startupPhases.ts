import type { GlCall, GlKind } from './glCalls';
import { threadClock, type ThreadClock } from './threadClock';
import type { TraceEvent } from './traceEvent';

export type { TraceEvent } from './traceEvent';

/** Who made a WebGL call: MapLibre, deck.gl (through luma.gl), or anything else on the page (the bench's fence). */
export type GlOwner = 'map' | 'deck' | 'page';

/** A WebGL call with its owner resolved (from its stack, through the build's source maps). */
export type OwnedGlCall = GlCall & { owner: GlOwner };

/** One V8 CPU profile sample: when (ms from the navigation), how long it stands for, and whose code ran. */
export interface ProfileSample {
  atMs: number;
  ms: number;
  /** A package (`maplibre-gl`, `@deck.gl/core`), `src/…` for the page's code, or V8's `(idle)`, `(program)`, `(garbage collector)`. */
  owner: string;
}

/** What the harness read from the page itself, in ms from the navigation. */
export interface PageMarks {
  /** The chunk that carries MapLibre and deck.gl: its file name, and its request to its last byte where known. */
  mapChunk: { file: string; startMs?: number; endMs?: number };
  /** The marker atlas' request to its last byte, where it was fetched. */
  atlas?: { startMs: number; endMs: number };
  firstListMachineMs?: number | null;
  /** The first frame with every marker on screen. */
  everyMarkerMs: number;
}

/** One bar of the waterfall: a span of the load and what it cost (ms). */
export interface StartupPhase {
  phase: PhaseName;
  startMs: number;
  endMs: number;
  /** The main thread's wall time in it: the calls' own time, or the task's. */
  workMs: number;
  /** The main thread's CPU time over the same calls or task (less than `workMs` by its waits, for the GPU or a core). */
  cpuMs: number;
  /** The GPU process' main thread's CPU time over the same calls or task (SwiftShader works there). */
  gpuMs: number;
}

export const PHASES = [
  'map chunk download',
  'map chunk evaluation',
  'MapLibre: WebGL context',
  'MapLibre: shaders',
  'MapLibre: uploads and draws',
  'marker atlas download',
  'deck.gl: WebGL context and device',
  'deck.gl: shaders',
  'deck.gl: first layer upload',
  'deck.gl: frame with every marker',
  'first machine listed',
  'every marker drawn',
] as const;
export type PhaseName = (typeof PHASES)[number];

/** Where the main thread's time went between the map chunk's arrival (or the navigation) and every marker. */
export interface MainThreadBudget {
  fromMs: number;
  toMs: number;
  /** Top-level tasks' wall time, and the thread's CPU time. */
  busyMs: number;
  cpuMs: number;
  /** Time of the WebGL calls, by owner and kind. */
  gl: Record<GlOwner, Partial<Record<GlKind, number>>>;
  /** Profile samples by owner (the largest first), idle included. */
  byOwner: { owner: string; ms: number }[];
  /** The GPU process' main thread: its CPU time in the same span. */
  gpuCpuMs: number;
}

export interface StartupAnalysis {
  phases: StartupPhase[];
  budget: MainThreadBudget;
}

const US_PER_MS = 1000;

/** The page's navigation (not the tab's about:blank) and its main thread. */
export function pageNavigation(events: readonly TraceEvent[]): TraceEvent | undefined {
  return events.findLast((e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL ?? ''));
}

/** The thread of a process by their trace names (the GPU process' main thread: `GPU Process`, `CrGpuMain`). */
function threadNamed(events: readonly TraceEvent[], process: string, thread: string) {
  const pids = new Set(events.filter((e) => e.name === 'process_name' && e.args?.name === process).map((e) => e.pid));
  const found = events.find((e) => e.name === 'thread_name' && pids.has(e.pid) && e.args?.name === thread);
  return found ? { pid: found.pid, tid: found.tid } : null;
}

const complete = (e: TraceEvent): e is TraceEvent & { dur: number } => e.ph === 'X' && typeof e.dur === 'number';

/** A phase's extent (first start, last end), its wall work and the intervals whose CPU time it is charged. */
interface Extent {
  startMs: number;
  endMs: number;
  workMs: number;
  intervals: [number, number][];
}

/** The extent of some calls; null when there are none. */
function callsExtent(calls: readonly OwnedGlCall[]): Extent | null {
  if (calls.length === 0) return null;
  let startMs = Infinity;
  let endMs = -Infinity;
  let workMs = 0;
  const intervals: [number, number][] = [];
  for (const call of calls) {
    startMs = Math.min(startMs, call.startMs);
    endMs = Math.max(endMs, call.startMs + call.ms);
    workMs += call.ms;
    intervals.push([call.startMs, call.startMs + call.ms]);
  }
  return { startMs, endMs, workMs, intervals };
}

const spanExtent = (startMs: number, endMs: number, workMs: number): Extent => ({
  startMs,
  endMs,
  workMs,
  intervals: workMs > 0 ? [[startMs, endMs]] : [],
});

/**
 * The start-up waterfall of one traced load: the map chunk's download and evaluation, each context's creation,
 * its shaders, its uploads and draws, and the frame that first showed every marker, each with the main thread's
 * time in it; and where the main thread's time went from the chunk's arrival to every marker.
 */
export function startupPhases(
  events: readonly TraceEvent[],
  calls: readonly OwnedGlCall[],
  marks: PageMarks,
  samples: readonly ProfileSample[] = [],
): StartupAnalysis {
  const navigation = pageNavigation(events);
  if (!navigation) throw new Error('the trace has no navigation of the page');
  const t0 = navigation.ts;
  const msOf = (ts: number) => (ts - t0) / US_PER_MS;
  const onMain = events.filter(
    (e) => e.pid === navigation.pid && e.tid === navigation.tid && complete(e),
  ) as (TraceEvent & {
    dur: number;
  })[];
  const until = marks.everyMarkerMs;
  const main = threadClock(events, navigation, t0);
  const gpuThread = threadNamed(events, 'GPU Process', 'CrGpuMain');
  const gpu: ThreadClock = gpuThread ? threadClock(events, gpuThread, t0) : { cpuMs: () => 0 };
  const phases: StartupPhase[] = [];
  const add = (phase: PhaseName, extent: Extent | null) => {
    if (!extent) return;
    const { intervals, ...span } = extent;
    const cpu = (clock: ThreadClock) => intervals.reduce((sum, [a, b]) => sum + clock.cpuMs(a, b), 0);
    phases.push({ phase, ...span, cpuMs: cpu(main), gpuMs: cpu(gpu) });
  };

  const chunk = marks.mapChunk;
  if (chunk.startMs !== undefined && chunk.endMs !== undefined)
    add('map chunk download', spanExtent(chunk.startMs, chunk.endMs, 0));

  // The chunk is compiled as it arrives (or from the cache); the module graph it heads is evaluated in one go after.
  const compiled = onMain.find((e) => e.name === 'v8.compileModule' && e.args?.data?.url?.endsWith(`/${chunk.file}`));
  const evaluation = compiled
    ? onMain.find((e) => e.name === 'v8.evaluateModule' && e.ts >= compiled.ts && e.dur >= US_PER_MS)
    : undefined;
  if (evaluation)
    add(
      'map chunk evaluation',
      spanExtent(msOf(evaluation.ts), msOf(evaluation.ts + evaluation.dur), evaluation.dur / US_PER_MS),
    );

  const before = calls.filter((c) => c.startMs <= until);
  const of = (owner: GlOwner, ...kinds: GlKind[]) => before.filter((c) => c.owner === owner && kinds.includes(c.kind));
  add('MapLibre: WebGL context', callsExtent(of('map', 'context', 'setup')));
  add('MapLibre: shaders', callsExtent(of('map', 'shader')));
  add('MapLibre: uploads and draws', callsExtent(of('map', 'upload', 'draw')));
  if (marks.atlas) add('marker atlas download', spanExtent(marks.atlas.startMs, marks.atlas.endMs, 0));
  add('deck.gl: WebGL context and device', callsExtent(of('deck', 'context', 'setup')));
  add('deck.gl: shaders', callsExtent(of('deck', 'shader')));

  // The frame with every marker: the task of deck.gl's last draw before they were seen, to the frame showing it.
  const deckDraws = of('deck', 'draw');
  const lastDraw = deckDraws.at(-1);
  const drawTask = lastDraw
    ? onMain.find(
        (e) =>
          e.name === 'RunTask' &&
          msOf(e.ts) <= lastDraw.startMs &&
          msOf(e.ts + e.dur) >= lastDraw.startMs + lastDraw.ms,
      )
    : undefined;
  const frameStart = drawTask ? msOf(drawTask.ts) : lastDraw?.startMs;
  add(
    'deck.gl: first layer upload',
    callsExtent(of('deck', 'upload').filter((c) => frameStart === undefined || c.startMs < frameStart)),
  );
  if (frameStart !== undefined)
    add('deck.gl: frame with every marker', {
      startMs: frameStart,
      endMs: until,
      workMs: drawTask ? drawTask.dur / US_PER_MS : callsExtent(deckDraws)!.workMs,
      intervals: [[frameStart, until]],
    });
  if (typeof marks.firstListMachineMs === 'number')
    add('first machine listed', spanExtent(0, marks.firstListMachineMs, 0));
  add('every marker drawn', spanExtent(0, until, 0));

  const fromMs = chunk.endMs ?? 0;
  return {
    phases,
    budget: {
      ...mainThreadBudget(onMain, before, samples, fromMs, until, msOf),
      cpuMs: main.cpuMs(fromMs, until),
      gpuCpuMs: gpu.cpuMs(fromMs, until),
    },
  };
}

function mainThreadBudget(
  onMain: readonly (TraceEvent & { dur: number })[],
  calls: readonly OwnedGlCall[],
  samples: readonly ProfileSample[],
  fromMs: number,
  toMs: number,
  msOf: (ts: number) => number,
): Omit<MainThreadBudget, 'cpuMs' | 'gpuCpuMs'> {
  // Top-level tasks only: a task run inside another (a nested loop) is in its time already.
  let busyUs = 0;
  let coveredTo = -Infinity;
  for (const task of onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)) {
    if (msOf(task.ts) < fromMs || msOf(task.ts) >= toMs || task.ts + task.dur <= coveredTo) continue;
    busyUs += task.dur;
    coveredTo = task.ts + task.dur;
  }
  const gl: MainThreadBudget['gl'] = { map: {}, deck: {}, page: {} };
  for (const call of calls) {
    if (call.startMs < fromMs) continue;
    const byKind = gl[call.owner];
    byKind[call.kind] = (byKind[call.kind] ?? 0) + call.ms;
  }
  const owners = new Map<string, number>();
  for (const s of samples)
    if (s.atMs >= fromMs && s.atMs < toMs) owners.set(s.owner, (owners.get(s.owner) ?? 0) + s.ms);
  return {
    fromMs,
    toMs,
    busyMs: busyUs / US_PER_MS,
    gl,
    byOwner: [...owners].map(([owner, ms]) => ({ owner, ms })).sort((a, b) => b.ms - a.ms),
  };
}
