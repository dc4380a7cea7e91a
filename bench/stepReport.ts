import { IMPLS, type Impl } from './benchApi';
import type { RunResult } from './runPage';
import { median, summarise, type Summary } from './stats';
import type { StepMetrics } from './stepMetrics';

/** The interactions measured in renderer-independent terms, as the report names them. */
export const INTERACTIONS = {
  load: 'load (less generating the data)',
  filter: 'filter change',
  reset: 'back to all',
  searchFirst: '1st search key',
  searchNext: 'next search keys',
  live: 'live status change',
  panFrame: 'pan/zoom, per frame',
} as const;
export type Interaction = keyof typeof INTERACTIONS;

const FIELDS = [
  'jsMs',
  'jsToDrawMs',
  'jsToMarkersMs',
  'taskMs',
  'cdpScriptMs',
  'draws',
  'uploadKB',
  'heapMB',
  'settledJsMs',
  'settledDraws',
] as const;
type Field = (typeof FIELDS)[number];
export type StepSummary = Record<Interaction, Record<Field, Summary>>;

const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, NaN])) as Record<Field, number>;
const figures = (m: StepMetrics | null | undefined, per = 1): Record<Field, number> =>
  m
    ? (Object.fromEntries(FIELDS.map((f) => [f, f === 'heapMB' ? m.heapMB : (m[f] ?? NaN) / per])) as Record<
        Field,
        number
      >)
    : EMPTY;
/** Field by field median of several steps of one run (the two filters, the keys after the first). */
const medianOf = (steps: (StepMetrics | undefined)[]): Record<Field, number> =>
  Object.fromEntries(
    FIELDS.map((f) => [f, median(steps.map((s) => figures(s)[f]).filter((v) => !Number.isNaN(v)))]),
  ) as Record<Field, number>;

function ofRun(r: RunResult, interaction: Interaction): Record<Field, number> {
  const m = r.metrics;
  if (!m) return EMPTY; // older result files
  switch (interaction) {
    case 'load':
      return figures(m.load);
    case 'filter':
      return m.filter ? medianOf([m.filter.status, m.filter.district]) : EMPTY;
    case 'reset':
      return figures(m.filter?.reset);
    case 'searchFirst':
      return figures(m.search?.[0]);
    case 'searchNext':
      return m.search && m.search.length > 1 ? medianOf(m.search.slice(1)) : EMPTY;
    case 'live':
      return figures(m.live);
    case 'panFrame':
      // Per frame; "until the first draw" means nothing there.
      return m.panZoom && m.panZoom.frames > 0
        ? {
            ...figures(m.panZoom.whole, m.panZoom.frames),
            jsToDrawMs: NaN,
            jsToMarkersMs: NaN,
            heapMB: m.panZoom.whole.heapMB,
          }
        : EMPTY;
  }
}

export function summariseSteps(runs: readonly RunResult[]): StepSummary {
  const keys = Object.keys(INTERACTIONS) as Interaction[];
  return Object.fromEntries(
    keys.map((i) => [i, Object.fromEntries(FIELDS.map((f) => [f, summarise(runs.map((r) => ofRun(r, i)[f]))]))]),
  ) as StepSummary;
}

interface Page {
  impl: Impl;
  n: number;
  steps: StepSummary | null;
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`);
const kb = (v: number) => (v >= 1024 ? `${(v / 1024).toFixed(1)} MB` : `${v.toFixed(v < 10 ? 1 : 0)} KB`);
const draws = (v: number) => `${v.toFixed(Number.isInteger(v) ? 0 : 1)} draw${v === 1 ? '' : 's'}`;
// A median read back from JSON is null where it was NaN.
const ok = (s: Summary | undefined) => typeof s?.median === 'number' && !Number.isNaN(s.median);

function cell(s: Record<Field, Summary> | undefined): string {
  if (!s || !ok(s.draws)) return '—';
  const js = ok(s.jsMs) ? ms(s.jsMs.median) : 'JS —';
  const gpu = [
    ok(s.jsToDrawMs) ? `${ms(s.jsToDrawMs.median)} to 1st draw` : '',
    ok(s.jsToMarkersMs) ? `${ms(s.jsToMarkersMs.median)} to markers drawn` : '',
  ].filter(Boolean);
  const toGpu = gpu.length ? ` (${gpu.join('; ')})` : '';
  const settled = ok(s.settledJsMs) ? `; settled: ${ms(s.settledJsMs.median)} · ${draws(s.settledDraws.median)}` : '';
  return `${js}${toGpu} · ${draws(s.draws.median)} · ${kb(s.uploadKB.median)}${settled}`;
}

/** Per N, each page's main-thread JS, draw calls and bytes uploaded per interaction. */
export function stepTables(pages: readonly Page[], label: (impl: Impl) => string, traced: boolean): string[] {
  const source = traced
    ? [
        "Per step, medians over the runs: main-thread JS from a trace of the page's main thread (entries into script, nested",
        "ones counted once) from the step's start until the page showed the result and the GPU had done it, with, in brackets,",
        'the JS until the end of the task that issued the first draw call after the change (the change reached the GPU) and,',
        'on our page, until the end of the task in which the map drew the change\'s markers ("to markers drawn"); WebGL',
      ]
    : [
        'Per step, medians over the runs: main-thread JS from Performance.getMetrics (ScriptDuration) over the whole step, from',
        'its start until the page showed the result and the GPU had done it (BENCH_TRACE=0: no trace, so no JS until the first',
        'draw call); WebGL',
      ];
  const lines = [
    '## Renderer-independent figures: main-thread JS, WebGL draw calls, bytes uploaded',
    '',
    ...source,
    'draw calls and bytes handed to buffer and texture uploads, counted by wrapping the WebGL contexts of the page',
    '(the runner injects it; the pages do not know; Leaflet draws no WebGL and counts 0). A buffer allocated by size',
    "alone counts 0 bytes; an image upload counts width × height × 4. The load runs from the document's start to the",
    'first frame with every marker, less generating the data; "per frame" divides the drag and zoom (and the settling',
    'after it) by its frame intervals. "Settled": the JS and draw calls from the change until the map was quiet again',
    "(no frame for 300 ms), the camera refit 200 ms after a change and its frames included, whatever the GPU's pace.",
    '',
  ];
  const sizes = [...new Set(pages.filter((p) => p.impl !== 'basemap').map((p) => p.n))].sort((a, b) => a - b);
  const floor = pages.find((p) => p.impl === 'basemap');
  for (const n of sizes) {
    const shown = IMPLS.map((impl) =>
      impl === 'basemap' ? floor : pages.find((p) => p.n === n && p.impl === impl),
    ).filter((p) => p !== undefined);
    lines.push(
      `### N = ${n.toLocaleString('en')}`,
      '',
      `| step | ${shown.map((p) => label(p.impl)).join(' | ')} |`,
      `|---|${shown.map(() => '---:').join('|')}|`,
    );
    for (const [key, name] of Object.entries(INTERACTIONS) as [Interaction, string][]) {
      lines.push(`| ${name} | ${shown.map((p) => cell(p.steps?.[key])).join(' | ')} |`);
    }
    const heap = (p: Page) => (ok(p.steps?.live.heapMB) ? p.steps!.live.heapMB : p.steps?.reset.heapMB);
    lines.push(
      `| JS heap after the last step, not collected | ${shown.map((p) => (ok(heap(p)) ? `${heap(p)!.median.toFixed(0)} MB` : '—')).join(' | ')} |`,
      '',
    );
  }
  return lines;
}
