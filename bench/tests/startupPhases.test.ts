import { describe, expect, it } from 'vitest';
import type { GlCall } from '../trace/glCalls';
import { ownCalls } from '../trace/glOwners';
import { startupPhases, type OwnedGlCall, type TraceEvent } from '../trace/startupPhases';
import { threadClock } from '../trace/threadClock';
import { startupRows } from '../charts/startupChart';
import { startupSummary, type StartupRun } from '../trace/startupRecord';

const PAGE = { pid: 1, tid: 1 };
const GPU = { pid: 2, tid: 7 };
/** The navigation's start, µs on the trace's clock. */
const T0 = 1_000_000;
const at = (ms: number) => T0 + ms * 1000;

/** A complete event on a thread: from `fromMs` for `ms`, with `cpuMs` of it on the CPU. */
const task = (thread: { pid: number; tid: number }, name: string, fromMs: number, ms: number, cpuMs = ms, tts = 0) =>
  ({ ...thread, name, ph: 'X', ts: at(fromMs), dur: ms * 1000, tts: tts * 1000, tdur: cpuMs * 1000 }) as TraceEvent;

const EVENTS: TraceEvent[] = [
  { ...GPU, name: 'process_name', ph: 'M', ts: 0, args: { name: 'GPU Process' } },
  { ...GPU, name: 'thread_name', ph: 'M', ts: 0, args: { name: 'CrGpuMain' } },
  { ...PAGE, name: 'navigationStart', ph: 'R', ts: T0, args: { data: { documentLoaderURL: 'http://x/' } } },
  {
    ...PAGE,
    name: 'v8.compileModule',
    ph: 'X',
    ts: at(3600),
    dur: 500,
    args: { data: { url: 'http://x/assets/MapView-1.js' } },
  },
  task(PAGE, 'RunTask', 3700, 100, 90, 1000),
  task(PAGE, 'v8.evaluateModule', 3700, 100, 90, 1000),
  // The task that creates deck.gl's context: 80 ms, of which 20 on the CPU (it waits for the GPU process).
  task(PAGE, 'RunTask', 3900, 80, 20, 1090),
  task(PAGE, 'RunTask', 4200, 50, 50, 1110),
  task(GPU, 'RunTask', 3900, 80, 60, 500),
];

const call = (kind: GlCall['kind'], name: string, startMs: number, ms: number, owner: OwnedGlCall['owner']) =>
  ({ context: owner === 'map' ? 0 : 1, kind, name, startMs, ms, owner }) as OwnedGlCall;

const CALLS: OwnedGlCall[] = [
  call('context', 'getContext(webgl2)', 3810, 40, 'map'),
  call('shader', 'linkProgram', 3860, 10, 'map'),
  call('context', 'getContext(webgl2)', 3900, 80, 'deck'),
  call('shader', 'linkProgram', 4000, 5, 'deck'),
  call('upload', 'texSubImage2D', 4100, 2, 'deck'),
  call('draw', 'drawArraysInstanced', 4210, 1, 'deck'),
  call('draw', 'drawArraysInstanced', 4900, 1, 'deck'),
];

describe('threadClock', () => {
  it("reads a thread's CPU time between two moments off its events, idle between them", () => {
    const clock = threadClock(EVENTS, PAGE, T0);
    expect(clock.cpuMs(3700, 3800)).toBeCloseTo(90);
    expect(clock.cpuMs(3900, 3980)).toBeCloseTo(20);
    expect(clock.cpuMs(3940, 3980)).toBeCloseTo(10);
    expect(clock.cpuMs(3800, 3900)).toBeCloseTo(0);
    expect(clock.cpuMs(3700, 4250)).toBeCloseTo(160);
  });
});

describe('ownCalls', () => {
  it("gives a call without a stack the owner of the last call with one on its context, else the context's", () => {
    const calls: GlCall[] = [
      { context: 0, kind: 'context', name: 'getContext(webgl2)', startMs: 0, ms: 1, stack: 0 },
      { context: 0, kind: 'setup', name: 'getExtension', startMs: 1, ms: 1 },
      { context: 0, kind: 'draw', name: 'drawArrays', startMs: 2, ms: 1, stack: 1 },
      { context: 0, kind: 'other', name: 'uniform1f', startMs: 3, ms: 1 },
      { context: 3, kind: 'other', name: 'viewport', startMs: 4, ms: 1 },
    ];
    expect(ownCalls(calls, (stack) => (stack === 0 ? 'map' : 'deck')).map((c) => c.owner)).toEqual([
      'map',
      'map',
      'deck',
      'deck',
      'page',
    ]);
  });
});

describe('startupPhases', () => {
  const marks = {
    mapChunk: { file: 'MapView-1.js', startMs: 400, endMs: 3600 },
    firstListMachineMs: 1500,
    everyMarkerMs: 4950,
  };
  const { phases, budget } = startupPhases(EVENTS, CALLS, marks);
  const phase = (name: string) => phases.find((p) => p.phase === name);

  it("sets each phase from its first to its last moment, with the main thread's wall and CPU time in it", () => {
    expect(phase('map chunk download')).toMatchObject({ startMs: 400, endMs: 3600, workMs: 0, cpuMs: 0 });
    expect(phase('map chunk evaluation')).toMatchObject({ startMs: 3700, endMs: 3800, workMs: 100 });
    expect(phase('map chunk evaluation')!.cpuMs).toBeCloseTo(90);
    expect(phase('deck.gl: WebGL context and device')).toMatchObject({ startMs: 3900, endMs: 3980, workMs: 80 });
    expect(phase('deck.gl: WebGL context and device')!.cpuMs).toBeCloseTo(20);
    expect(phase('deck.gl: WebGL context and device')!.gpuMs).toBeCloseTo(60);
    expect(phase('MapLibre: shaders')).toMatchObject({ startMs: 3860, endMs: 3870, workMs: 10 });
    expect(phase('first machine listed')).toMatchObject({ startMs: 0, endMs: 1500 });
    expect(phase('every marker drawn')).toMatchObject({ startMs: 0, endMs: 4950 });
  });

  it('counts the uploads before the frame that drew every marker, and that frame to the marker on screen', () => {
    expect(phase('deck.gl: first layer upload')).toMatchObject({ startMs: 4100, endMs: 4102 });
    // The last draw before every marker (at 4900) ran outside any task here: the frame counts from the draw.
    expect(phase('deck.gl: frame with every marker')).toMatchObject({ startMs: 4900, endMs: 4950 });
  });

  it("sums the main thread's tasks and the GPU process' CPU from the chunk's arrival to every marker", () => {
    expect(budget.fromMs).toBe(3600);
    expect(budget.busyMs).toBeCloseTo(230);
    expect(budget.cpuMs).toBeCloseTo(160);
    expect(budget.gpuCpuMs).toBeCloseTo(60);
    expect(budget.gl.deck.context).toBe(80);
  });

  it('leaves out a phase that did not happen', () => {
    expect(phase('marker atlas download')).toBeUndefined();
  });
});

describe('startup summary and chart rows', () => {
  const run = (everyMarkerMs: number): StartupRun => ({
    target: 'bench ours 1000',
    run: 0,
    loadAverage: 1,
    everyMarkerMs,
    firstListMachineMs: null,
    contexts: [],
    droppedCalls: 0,
    phases: [{ phase: 'every marker drawn', startMs: 0, endMs: everyMarkerMs, workMs: 0, cpuMs: 0, gpuMs: 0 }],
    budget: {
      fromMs: 0,
      toMs: everyMarkerMs,
      busyMs: 1,
      cpuMs: 1,
      gpuCpuMs: 1,
      gl: { map: {}, deck: {}, page: {} },
      byOwner: [],
    },
  });

  it('take the median of each phase over the runs, and name the target for the chart', () => {
    const [summary] = startupSummary([run(900), run(1000), run(2000)]);
    expect(summary).toMatchObject({ target: 'bench ours 1000', runs: 3, everyMarkerMs: 1000 });
    expect(summary!.spread.everyMarkerMs).toEqual({ median: 1000, min: 900, max: 2000, runs: 3 });
    const rows = startupRows({ at: '', command: '', machine: {}, loadAverages: [1, 1], runs: [], summary: [summary!] });
    expect(rows).toEqual([
      expect.objectContaining({
        target: 'bench page, ours, 1k machines (3 runs)',
        phase: 'every marker drawn',
        endMs: 1000,
      }),
    ]);
  });
});
