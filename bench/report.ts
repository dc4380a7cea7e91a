import { IMPLS, type Impl } from './benchApi';
import type { RunResult } from './runPage';
import { median, summarise, type Summary } from './stats';
import { stepTables, summariseSteps, type StepSummary } from './stepReport';

export interface PageResult {
  impl: Impl;
  n: number;
  runs: RunResult[];
  dnf?: string;
}

const METRICS = {
  loadMs: (r: RunResult) => r.loadMs,
  renderMs: (r: RunResult) => r.renderMs,
  generateMs: (r: RunResult) => r.generateMs,
  filterMs: (r: RunResult) => (r.filter ? median(Object.values(r.filter).map((t) => t.ms)) : NaN),
  firstKeystrokeMs: (r: RunResult) => r.search?.[0]?.ms ?? NaN,
  keystrokeMs: (r: RunResult) => (r.search ? median(r.search.slice(1).map((t) => t.ms)) : NaN),
  frameP50Ms: (r: RunResult) => r.frames?.p50 ?? NaN,
  frameP95Ms: (r: RunResult) => r.frames?.p95 ?? NaN,
  fullFrameMs: (r: RunResult) => r.fullFrameMs ?? NaN,
  liveMs: (r: RunResult) => r.live?.ms ?? NaN,
  chromeFrameP50Ms: (r: RunResult) => r.framesWithChrome?.p50 ?? NaN,
  chromeFrameP95Ms: (r: RunResult) => r.framesWithChrome?.p95 ?? NaN,
  heapMB: (r: RunResult) => r.heapMB,
  // Older result files have no typing step.
  typingHandledMaxMs: (r: RunResult) => r.typing?.handled.max ?? NaN,
  typingP50Ms: (r: RunResult) => r.typing?.painted.p50 ?? NaN,
  typingMaxMs: (r: RunResult) => r.typing?.painted.max ?? NaN,
};
type Metric = keyof typeof METRICS;

export interface PageSummary extends PageResult {
  summary: Record<Metric, Summary> | null;
  /** Machines shown after each filter and search step: the same on every page, or the pages disagree. */
  counts: number[] | null;
  /** Main-thread JS, draw calls, bytes uploaded and heap per interaction. */
  steps: StepSummary | null;
}

export function summariseRuns(page: PageResult): PageSummary {
  if (page.runs.length === 0) return { ...page, summary: null, counts: null, steps: null };
  const summary = Object.fromEntries(
    Object.entries(METRICS).map(([name, of]) => [name, summarise(page.runs.map(of))]),
  ) as Record<Metric, Summary>;
  const first = page.runs[0]!;
  const steps =
    first.filter && first.search && first.clearSearch
      ? [...Object.values(first.filter), ...first.search, first.clearSearch]
      : null;
  return { ...page, summary, counts: steps?.map((t) => t.count) ?? null, steps: summariseSteps(page.runs) };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const mb = (v: number) => `${v.toFixed(0)} MB`;
function cell(s: Summary, unit = fmt): string {
  if (Number.isNaN(s.median)) return '—';
  return s.runs > 1 ? `${unit(s.median)} (${unit(s.min)}–${unit(s.max)})` : unit(s.median);
}
const ratio = (alt: Summary, ours: Summary) => {
  const value = alt.median / ours.median;
  return Number.isNaN(value) ? '—' : `${value.toFixed(value < 0.1 ? 2 : 1)}×`;
};
const count = (n: number) => n.toLocaleString('en');

interface Report {
  machine: Record<string, string | number>;
  durationS: number;
  /** Whether the steps were traced (else JS from Performance.getMetrics). Older files: traced. */
  traced?: boolean;
  pages: PageSummary[];
}

/** The results as docs/benchmarks.md shows them: medians with min–max over the runs, then alternative ÷ ours. */
export function markdownReport({ machine, durationS, traced = true, pages }: Report): string {
  const floor = pages.find((p) => p.impl === 'basemap')?.summary;
  const label = (impl: Impl) => impl;
  const lines = [
    '# Benchmark results',
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.browser}, WebGL by ${machine.webgl}; ` +
      `node ${machine.node}; ${machine.date}; load average ${machine.loadAverage} at the start; the whole run took ${Math.round(durationS / 60)} min.`,
    '',
    "GPU figures (GPU time per frame) are not measured here: this run's WebGL is the renderer named above. On a machine",
    "with a GPU, BENCH_GL_ARGS (e.g. '--use-angle=vulkan --enable-features=Vulkan') replaces the software GL flags; the",
    'main-thread JS, draw calls and bytes uploaded below hold on any renderer.',
    '',
    'Medians over the runs, (min–max) when there were several. "Page" is load minus generating the synthetic',
    'machines (the same work on every page). Frame times are requestAnimationFrame intervals during a scripted',
    'drag and wheel zoom, with the map alone on screen; ours also with its panel and legend ("with panel").',
    '',
  ];
  if (floor) {
    lines.push(
      `Floor, the same basemap with no markers: page ${cell(floor.renderMs)}, frame p50 ${cell(floor.frameP50Ms)}, ` +
        `p95 ${cell(floor.frameP95Ms)}, typed letter on screen p50 ${cell(floor.typingP50Ms)} (slowest ${cell(floor.typingMaxMs)}, ` +
        `slowest to its handler ${cell(floor.typingHandledMaxMs)}), ` +
        `JS heap ${cell(floor.heapMB, mb)}.`,
      '',
    );
  }
  lines.push(
    '| N | page | runs | load → first frame | page | filter → frame | back to all → frame | live change → frame | 1st keystroke → frame | next keystrokes → frame | frame p50 | frame p95 | with panel p50 / p95 | typed letter on screen p50 / slowest | slowest key to its handler | JS heap |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const sizes = [...new Set(pages.filter((p) => p.impl !== 'basemap').map((p) => p.n))].sort((a, b) => a - b);
  for (const n of sizes) {
    for (const impl of IMPLS) {
      const p = pages.find((x) => x.n === n && x.impl === impl);
      if (!p || impl === 'basemap') continue;
      const s = p.summary;
      if (!s) {
        lines.push(`| ${count(n)} | ${label(impl)} | 0 | ${p.dnf ?? 'no run'} | | | | | | | | | | | | |`);
        continue;
      }
      const pair = (a: Summary, b: Summary) => (Number.isNaN(a.median) ? '—' : `${fmt(a.median)} / ${fmt(b.median)}`);
      const withPanel = pair(s.chromeFrameP50Ms, s.chromeFrameP95Ms);
      lines.push(
        `| ${count(n)} | ${label(impl)} | ${s.loadMs.runs}${p.dnf ? ` (then ${p.dnf})` : ''} | ${cell(s.loadMs)} | ${cell(s.renderMs)} | ` +
          `${cell(s.filterMs)} | ${cell(s.fullFrameMs)} | ${cell(s.liveMs)} | ${cell(s.firstKeystrokeMs)} | ${cell(s.keystrokeMs)} | ${cell(s.frameP50Ms)} | ${cell(s.frameP95Ms)} | ` +
          `${withPanel} | ${pair(s.typingP50Ms, s.typingMaxMs)} | ${cell(s.typingHandledMaxMs)} | ${cell(s.heapMB, mb)} |`,
      );
    }
  }
  lines.push(
    '',
    '## Alternative ÷ ours, same run (above 1× ours is faster or smaller)',
    '',
    '| N | alternative | page load | filter → frame | 1st keystroke | next keystrokes | frame p50 | frame p95 | typed letter p50 | slowest typed letter | JS heap | same machines shown |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const n of sizes) {
    const ours = pages.find((p) => p.n === n && p.impl === 'ours');
    for (const alt of pages.filter((p) => p.n === n && p.impl !== 'ours' && p.impl !== 'basemap')) {
      const a = alt.summary;
      const o = ours?.summary;
      if (!a || !o) {
        lines.push(`| ${count(n)} | ${label(alt.impl)} | ${alt.dnf ?? 'no run'} | | | | | | | | | |`);
        continue;
      }
      const same =
        JSON.stringify(alt.counts) === JSON.stringify(ours?.counts) ? 'yes' : `no: ${alt.counts} vs ${ours?.counts}`;
      lines.push(
        `| ${count(n)} | ${label(alt.impl)} | ${ratio(a.renderMs, o.renderMs)} | ${ratio(a.filterMs, o.filterMs)} | ` +
          `${ratio(a.firstKeystrokeMs, o.firstKeystrokeMs)} | ${ratio(a.keystrokeMs, o.keystrokeMs)} | ${ratio(a.frameP50Ms, o.frameP50Ms)} | ` +
          `${ratio(a.frameP95Ms, o.frameP95Ms)} | ${ratio(a.typingP50Ms, o.typingP50Ms)} | ${ratio(a.typingMaxMs, o.typingMaxMs)} | ` +
          `${ratio(a.heapMB, o.heapMB)} | ${same} |`,
      );
    }
  }
  if (floor) {
    lines.push(
      '',
      '## Ours ÷ floor (the basemap alone): how much the markers add',
      '',
      '| N | page load | frame p50 | frame p95 |',
      '|---:|---:|---:|---:|',
    );
    for (const n of sizes) {
      const o = pages.find((p) => p.n === n && p.impl === 'ours')?.summary;
      if (o)
        lines.push(
          `| ${count(n)} | ${ratio(o.renderMs, floor.renderMs)} | ${ratio(o.frameP50Ms, floor.frameP50Ms)} | ${ratio(o.frameP95Ms, floor.frameP95Ms)} |`,
        );
    }
  }
  lines.push('', ...stepTables(pages, label, traced));
  return `${lines.join('\n')}\n`;
}
