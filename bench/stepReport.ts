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

const ratio = (base: Summary | undefined, ours: Summary | undefined) => {
  if (!ok(base) || !ok(ours)) return '—';
  if (ours!.median === 0) return base!.median === 0 ? '=' : '∞';
  const value = base!.median / ours!.median;
  return `${value.toFixed(value < 0.1 ? 2 : 1)}×`;
};

/** Per N, each page's main-thread JS, draw calls and bytes uploaded per interaction, then ours against the baseline. */
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
    'The same harness drives both builds of our page.',
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
    const ours = pages.find((p) => p.n === n && p.impl === 'ours')?.steps;
    const base = pages.find((p) => p.n === n && p.impl === 'baseline')?.steps;
    if (ours && base) {
      lines.push(
        `${label('baseline')} ÷ ours (above 1× ours does less):`,
        '',
        '| step | JS | JS to 1st draw | JS to markers drawn | JS until settled | main-thread tasks | draw calls | bytes uploaded |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
      );
      for (const [key, name] of Object.entries(INTERACTIONS) as [Interaction, string][]) {
        const [o, b] = [ours[key], base[key]];
        lines.push(
          `| ${name} | ${ratio(b.jsMs, o.jsMs)} | ${ratio(b.jsToDrawMs, o.jsToDrawMs)} | ${ratio(b.jsToMarkersMs, o.jsToMarkersMs)} | ${ratio(b.settledJsMs, o.settledJsMs)} | ${ratio(b.taskMs, o.taskMs)} | ${ratio(b.draws, o.draws)} | ${ratio(b.uploadKB, o.uploadKB)} |`,
        );
      }
      lines.push('');
    }
  }
  return lines;
}

/** Issue 23's expectations, read off this run: JS per filter and per key at 1k and 10k no worse than the baseline; 1M filter to the GPU within 200 ms of JS. */
export function expectationLines(pages: readonly Page[], label: (impl: Impl) => string): string[] {
  const lines: string[] = [];
  const steps = (impl: Impl, n: number) => pages.find((p) => p.impl === impl && p.n === n)?.steps;
  for (const n of [1_000, 10_000]) {
    const [o, b] = [steps('ours', n), steps('baseline', n)];
    if (!o || !b) continue;
    for (const key of ['filter', 'searchFirst', 'searchNext'] as const) {
      for (const [field, what] of [
        ['jsToDrawMs', 'JS until the change reached the GPU'],
        ['jsToMarkersMs', 'JS until the markers were drawn'],
        ['jsMs', 'JS until shown'],
        ['settledJsMs', 'JS until settled'],
      ] as const) {
        const [x, y] = [o[key][field], b[key][field]];
        if (!ok(x) || !ok(y)) continue;
        lines.push(
          `- ${n.toLocaleString('en')}, ${INTERACTIONS[key]}, ${what}: ours ${ms(x.median)}, ${label('baseline')} ${ms(y.median)}: ${x.median <= y.median ? 'no worse' : 'worse'}.`,
        );
      }
    }
  }
  for (const impl of ['ours', 'baseline'] as const) {
    const huge = steps(impl, 1_000_000)?.filter;
    for (const [field, what] of [
      ['jsToMarkersMs', 'until the map drew its markers'],
      ['jsToDrawMs', 'until its first draw call'],
    ] as const) {
      const s = huge?.[field];
      if (ok(s))
        lines.push(
          `- 1,000,000, ${label(impl)}, filter change: ${ms(s!.median)} of JS ${what} (expected within 200 ms): ${s!.median <= 200 ? 'holds' : 'does not hold'}.`,
        );
    }
  }
  const note =
    "Medians of this run only: at 1k a step's JS is tens of ms and varies from run to run, so read it over several runs.";
  return lines.length ? ['## Expectations of issue 23, this run', '', note, '', ...lines, ''] : [];
}
