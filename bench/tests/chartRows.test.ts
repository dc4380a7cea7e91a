import { describe, expect, it } from 'vitest';
import { byRendererAndN } from '../charts/chartRows';
import { benchCharts, hasData } from '../charts/benchCharts';
import { run, step } from './sampleRun';

const frames = (p50: number, p95: number) => ({ count: 30, p50, p95, max: p95 });

const RUNS = [
  run('ours', 1000, [
    step('load', 'load', { drawnMs: 900 }),
    step('filter', 'filter: status', { jsMs: 10 }),
    step('filter', 'filter: district', { jsMs: 30 }),
    step('filter', 'filter: reset', { jsMs: 500 }),
    step('panZoom', 'pan and zoom', { frames: frames(17, 33) }),
  ]),
  run('ours', 1000, [step('load', 'load', { drawnMs: 1100 }), step('filter', 'filter: status', { jsMs: 40 })]),
  run('ours', 1000, [step('load', 'load', { drawnMs: 1000 })]),
  run('leaflet', 10000, [step('load', 'load', { drawnMs: 5000 }), step('filter', 'filter: status', { jsMs: null })]),
];

describe('chart rows', () => {
  it('take the median per renderer and N over the runs that have the figure', () => {
    expect(byRendererAndN(RUNS, 'markersDrawnMs')).toEqual([
      { renderer: 'Leaflet DOM markers', n: 10000, ms: 5000, runs: 1 },
      { renderer: 'Ours: deck.gl IconLayer', n: 1000, ms: 1000, runs: 3 },
    ]);
  });

  it('read a filter change as the status and district changes, not the way back to every machine', () => {
    // Run 1: median of 10 and 30; run 2: 40; no JS figure (a browser without the profiler) is left out.
    expect(byRendererAndN(RUNS, 'filterJsMs')).toEqual([
      { renderer: 'Ours: deck.gl IconLayer', n: 1000, ms: 30, runs: 2 },
    ]);
  });

  it('give the pan chart two series, p50 and p95', () => {
    const pan = benchCharts(RUNS, { lines: ['test'] })['pan-frame-by-n']!;
    expect((pan as { data: { values: unknown[] } }).data.values).toEqual([
      { renderer: 'Ours: deck.gl IconLayer', n: 1000, ms: 17, runs: 1, series: 'p50' },
      { renderer: 'Ours: deck.gl IconLayer', n: 1000, ms: 33, runs: 1, series: 'p95' },
    ]);
    expect(hasData(benchCharts([], { lines: ['test'] })['markers-drawn-by-n']!)).toBe(false);
  });
});
