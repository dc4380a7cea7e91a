import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { formatMs, gpuName, shortCount } from '../record/format';
import { isBenchRecord, RECORD_FORMAT, type BenchRecord } from '../record/record';
import { RENDERER_LABELS, RENDERERS } from '../stage/stageApi';
import type { VisitorReport } from '../visitor/visitorReport';
import { benchCharts, hasData } from './benchCharts';
import { byRendererAndN } from './chartRows';
import { visitorWaterfallChart } from './specs';
import { waterfallRows } from './visitorRows';
import { writeStartupChart } from './startupChart';

/**
 * `npm run bench:charts`: the charts of docs/benchmarks.md as SVG files in docs/charts/, from the newest
 * bench record (bench/results/<date>-bench-<hhmm>.json), the newest visitor run that has the downloads'
 * times and the newest start-up trace (`npm run bench:startup`), or the files named with --bench, --visitor and
 * --startup; and the figures table in docs/benchmarks.md, between its
 * `figures` markers, from the same files.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'bench/results');
const CHARTS = join(ROOT, 'docs/charts');
const REPORT = join(ROOT, 'docs/benchmarks.md');
const { values } = parseArgs({
  options: { bench: { type: 'string' }, visitor: { type: 'string' }, startup: { type: 'string' } },
});
/** Paths given on the command line are from where npm was run, not from this workspace. */
const given = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** Result files of one kind, newest first (their names start with the run's date and UTC time). */
const newestFirst = (kind: string) =>
  readdirSync(RESULTS)
    .filter((name) => new RegExp(`^\\d{4}-\\d{2}-\\d{2}-${kind}-\\d{4}\\.json$`).test(name))
    .sort()
    .reverse()
    .map((name) => join(RESULTS, name));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

// Several records (a full run made in parts, e.g. 1M apart) chart as one: their runs together.
const benchFiles = values.bench ? values.bench.split(',').map(given) : newestFirst('bench').slice(0, 1);
if (benchFiles.length === 0) throw new Error('no bench record in bench/results: run `npm run bench` first');
const records = benchFiles.map((file) => {
  const json = readJson(file);
  if (!isBenchRecord(json)) throw new Error(`${file} is not a bench record (${RECORD_FORMAT})`);
  return json;
});
const record: BenchRecord = { ...records[0]!, runs: records.flatMap((r) => r.runs) };
const visitorFile =
  (values.visitor ? given(values.visitor) : undefined) ??
  newestFirst('visitor').find((file) => waterfallRows(readJson(file) as VisitorReport).length > 0);

const where = (file: string) => relative(ROOT, file);
/** The record files, by name, for a chart's subtitle. */
const names = (files: string[]) => files.map((file) => basename(file)).join(', ');
const benchSource = {
  lines: [
    names(benchFiles),
    `${record.createdAt.slice(0, 10)}, ${gpuName(record.browser.gpu?.renderer)}, ${record.notes.cores ?? record.browser.cores} cores`,
  ],
};

async function svgOf(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return `${svg}\n`;
}

mkdirSync(CHARTS, { recursive: true });
const written: string[] = [];
for (const [name, spec] of Object.entries(benchCharts(record.runs, benchSource))) {
  if (!hasData(spec)) {
    console.log(`${name}: no run in ${benchFiles.map(where).join(', ')} has this step; chart left as it was`);
    continue;
  }
  writeFileSync(join(CHARTS, `${name}.svg`), await svgOf(spec));
  written.push(`${name}.svg`);
}
let visitor: VisitorReport | null = null;
if (visitorFile) {
  visitor = readJson(visitorFile) as VisitorReport;
  const runs = visitor.cases.find((c) => c.page === 'ours')?.loads.length ?? 0;
  const source = { lines: [names([visitorFile]), `${visitor.at.slice(0, 10)}, medians of ${runs} run(s), CPU as is`] };
  writeFileSync(
    join(CHARTS, 'visitor-waterfall.svg'),
    await svgOf(visitorWaterfallChart(waterfallRows(visitor), source)),
  );
  written.push('visitor-waterfall.svg');
} else console.log('no visitor run with the downloads’ times in bench/results: run `npm run bench:visitor`');
const startupFile = values.startup ? given(values.startup) : newestFirst('startup')[0];
if (startupFile) {
  await writeStartupChart(startupFile, join(CHARTS, 'startup-waterfall.svg'), svgOf);
  written.push('startup-waterfall.svg');
} else console.log('no start-up trace in bench/results: run `npm run bench:startup`');

/** The figures under the charts, from the same files. */
function figuresTable(
  bench: BenchRecord,
  benchPaths: string[],
  visitorReport: VisitorReport | null,
  visitorPath?: string,
): string {
  const figure = (name: Parameters<typeof byRendererAndN>[1]) => byRendererAndN(bench.runs, name);
  const tables = {
    drawn: figure('markersDrawnMs'),
    filter: figure('filterJsMs'),
    p50: figure('panFrameP50Ms'),
    p95: figure('panFrameP95Ms'),
  };
  const cell = (rows: typeof tables.drawn, label: string, n: number) => {
    const row = rows.find((r) => r.renderer === label && r.n === n);
    return row ? formatMs(row.ms) : '—';
  };
  const lines = [
    `From ${benchPaths.map((path) => `[${basename(path)}](../${where(path)})`).join(' and ')} (${gpuName(bench.browser.gpu?.renderer)}; 1-minute load average at the start ${records.map((r) => r.notes.loadAverage ?? '?').join(' and ')}, other work sharing the cores; medians over the runs):`,
    '',
    '| renderer | N | runs | to every marker drawn | JS per filter change | pan frame p50 / p95 |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const sizes = [...new Set(bench.runs.map((r) => r.n))].sort((a, b) => a - b);
  for (const n of sizes) {
    for (const name of RENDERERS) {
      const label = RENDERER_LABELS[name];
      const runs = bench.runs.filter((r) => r.renderer === name && r.n === n);
      if (runs.length === 0) continue;
      const stopped = runs.find((r) => r.error)?.error;
      lines.push(
        `| ${label} | ${shortCount(n)} | ${runs.length}${stopped ? ` (${stopped})` : ''} | ${cell(tables.drawn, label, n)} | ${cell(tables.filter, label, n)} | ${cell(tables.p50, label, n)} / ${cell(tables.p95, label, n)} |`,
      );
    }
  }
  const gaveUp = Object.entries(bench.notes).filter(([key]) => key.startsWith('gave up: '));
  for (const other of records.slice(1))
    gaveUp.push(...Object.entries(other.notes).filter(([key]) => key.startsWith('gave up: ')));
  if (gaveUp.length > 0)
    lines.push(
      '',
      `Not measured: ${gaveUp.map(([key, why]) => `${key.slice('gave up: '.length).replace('@this tree', '')} ${why}`).join('; ')}.`,
    );
  if (visitorReport && visitorPath) {
    const rows = waterfallRows(visitorReport);
    const at = (visit: string, item: string) => rows.find((r) => r.visit === visit && r.item === item)?.endMs ?? null;
    lines.push(
      '',
      `Visitor loads from [${basename(visitorPath)}](../${where(visitorPath)}) (phone network, CPU as is, load average ${visitorReport.machine.loadAverage} at the end; goals: first machine ≤ 2.0 s cold and ≤ 1.0 s warm, every marker ≤ 4.0 s cold):`,
      '',
      '| visit | shell script | list answer | map chunk | first machine listed | every marker drawn |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const visit of ['cold', 'warm']) {
      const items = ['shell script', 'list answer', 'map chunk', 'first machine listed', 'every marker drawn'];
      lines.push(`| ${visit} | ${items.map((item) => formatMs(at(visit, item))).join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

const START = '<!-- figures:start (npm run bench:charts writes this table) -->';
const END = '<!-- figures:end -->';
const report = readFileSync(REPORT, 'utf8');
const from = report.indexOf(START);
const to = report.indexOf(END);
if (from >= 0 && to > from) {
  const table = figuresTable(record, benchFiles, visitor, visitorFile);
  writeFileSync(REPORT, `${report.slice(0, from + START.length)}\n\n${table}\n\n${report.slice(to)}`);
  written.push('the figures table in docs/benchmarks.md');
} else console.log(`docs/benchmarks.md has no figures markers (${START} … ${END}): table not written`);
console.log(`wrote ${written.join(', ')}`);
