import type { RunRecord } from '../record/record';
import { RENDERER_LABELS, type StepRecord } from '../stage/stageApi';
import { median } from '../stats';

/** One point of a chart against N: the median over the runs of one renderer at one N. */
export interface ByNRow {
  renderer: string;
  n: number;
  ms: number;
  runs: number;
  /** For a chart with several lines per renderer (frame p50 and p95). */
  series?: string;
}

const stepsOf = (run: RunRecord, scenario: StepRecord['scenario']) => run.steps.filter((s) => s.scenario === scenario);
const medianOrNull = (values: (number | null | undefined)[]) => {
  const known = values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  return known.length ? median(known) : null;
};

/** What each chart reads off one run. */
export const FIGURES = {
  /** The load: navigation to the first frame with every marker, less generating the machines. */
  markersDrawnMs: (run: RunRecord) => stepsOf(run, 'load')[0]?.drawnMs ?? null,
  /** A filter change's main-thread JS: the median of the status and district changes (not back to all). */
  filterJsMs: (run: RunRecord) =>
    medianOrNull(
      stepsOf(run, 'filter')
        .filter((s) => s.step !== 'filter: reset')
        .map((s) => s.jsMs),
    ),
  panFrameP50Ms: (run: RunRecord) => stepsOf(run, 'panZoom')[0]?.frames?.p50 ?? null,
  panFrameP95Ms: (run: RunRecord) => stepsOf(run, 'panZoom')[0]?.frames?.p95 ?? null,
} as const;
export type Figure = keyof typeof FIGURES;

/** Per renderer and N, the median of `figure` over the runs that have it. */
export function byRendererAndN(runs: readonly RunRecord[], figure: Figure, series?: string): ByNRow[] {
  const groups = new Map<string, { run: RunRecord; values: number[] }>();
  for (const run of runs) {
    const value = FIGURES[figure](run);
    if (value === null) continue;
    const key = `${run.renderer}:${run.n}`;
    const group = groups.get(key) ?? { run, values: [] };
    group.values.push(value);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ run, values }) => ({
      renderer: RENDERER_LABELS[run.renderer],
      n: run.n,
      ms: median(values),
      runs: values.length,
      ...(series ? { series } : {}),
    }))
    .sort((a, b) => a.renderer.localeCompare(b.renderer) || a.n - b.n);
}

/** One bar of the visitor waterfall: from `startMs` to `endMs` after the navigation began. */
export interface WaterfallRow {
  visit: 'cold' | 'warm';
  item: string;
  startMs: number;
  endMs: number;
}
