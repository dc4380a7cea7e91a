import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { PHASES } from '../trace/startupPhases';
import { isStartupRecord, type StartupRecord } from '../trace/startupRecord';
import { CHART_WIDTH, type ChartSource } from './specs';

/** One bar of the start-up waterfall: a phase of one target's load, medians over its runs (ms). */
export interface StartupRow {
  target: string;
  phase: string;
  startMs: number;
  endMs: number;
  /** The main thread's wall time in the phase, its CPU time, and the GPU process' CPU time. */
  workMs: number;
  cpuMs: number;
  gpuMs: number;
}

/** How a target is named on the chart. */
function targetLabel(target: string): string {
  const bench = /^bench (\S+) (\d+)$/.exec(target);
  if (bench) {
    const n = Number(bench[2]);
    const size = n >= 1000 ? `${n / 1000}k` : String(n);
    return `bench page, ${bench[1] === 'ours' ? 'ours' : bench[1]}, ${size} machines`;
  }
  return target.replace(/^visitor /, 'visitor on a phone network, ');
}

/** The bars of every target in the record, in the phases' order. */
export function startupRows(record: StartupRecord): StartupRow[] {
  return record.summary.flatMap((target) =>
    target.phases.map((p) => ({
      target: `${targetLabel(target.target)} (${target.runs} run${target.runs === 1 ? '' : 's'})`,
      phase: p.phase,
      startMs: p.startMs,
      endMs: p.endMs,
      workMs: p.workMs,
      cpuMs: p.cpuMs,
      gpuMs: p.gpuMs,
    })),
  );
}

/** Blues for downloads, greys for the page's own code, greens for MapLibre, oranges for deck.gl, dark for the goals. */
const PHASE_COLOURS: Record<(typeof PHASES)[number], string> = {
  'map chunk download': '#74c0fc',
  'map chunk evaluation': '#868e96',
  'MapLibre: WebGL context': '#8ce99a',
  'MapLibre: shaders': '#51cf66',
  'MapLibre: uploads and draws': '#2f9e44',
  'marker atlas download': '#4dabf7',
  'deck.gl: WebGL context and device': '#ffc078',
  'deck.gl: shaders': '#ff922b',
  'deck.gl: first layer upload': '#f76707',
  'deck.gl: frame with every marker': '#d9480f',
  'first machine listed': '#495057',
  'every marker drawn': '#212529',
};

/**
 * Each target's load as bars from a phase's first moment to its last (ms from the navigation), labelled with the
 * main thread's time in it (wall, then CPU) and the GPU process' CPU time: where the time goes between the map
 * chunk's arrival and every marker.
 */
export function startupWaterfallChart(rows: readonly StartupRow[], source: ChartSource): TopLevelSpec {
  const label = (row: StartupRow) =>
    row.workMs > 0 || row.gpuMs > 0
      ? `${row.workMs.toFixed(0)} ms (CPU ${row.cpuMs.toFixed(0)}, GPU ${row.gpuMs.toFixed(0)})`
      : `${(row.endMs / 1000).toFixed(2)} s`;
  // Room on the right for the labels of the last bars.
  const domainMs = Math.max(1, ...rows.map((row) => row.endMs)) * 1.4;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Start-up: from the map chunk to every marker',
      subtitle: [
        ...source.lines,
        'bar: first to last moment of a phase; label: main-thread wall ms (its CPU ms, the GPU process’ CPU ms)',
      ],
      limit: (source.width ?? CHART_WIDTH) + 260,
    },
    config: {
      font: 'Helvetica, Arial, sans-serif',
      view: { stroke: '#dee2e6' },
      axis: { labelFontSize: 11, titleFontSize: 12, gridColor: '#eef0f2' },
      title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: '#555', anchor: 'start' },
    },
    data: { values: rows.map((row) => ({ ...row, label: label(row) })) },
    facet: {
      row: {
        field: 'target',
        type: 'nominal',
        title: null,
        header: { labelFontSize: 12, labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' },
      },
    },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: source.width ?? CHART_WIDTH,
      height: { step: 18 },
      layer: [
        {
          mark: { type: 'bar', cornerRadius: 2, height: 12, tooltip: true },
          encoding: {
            y: { field: 'phase', type: 'nominal', sort: [...PHASES], title: null, axis: { labelLimit: 0 } },
            x: {
              field: 'startMs',
              type: 'quantitative',
              title: 'ms from the navigation',
              scale: { domain: [0, domainMs], nice: false },
            },
            x2: { field: 'endMs' },
            color: {
              field: 'phase',
              type: 'nominal',
              legend: null,
              scale: { domain: [...PHASES], range: PHASES.map((p) => PHASE_COLOURS[p]) },
            },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#333' },
          encoding: {
            y: { field: 'phase', type: 'nominal', sort: [...PHASES] },
            x: { field: 'endMs', type: 'quantitative' },
            text: { field: 'label' },
          },
        },
      ],
    },
  } as TopLevelSpec;
}

/** Draws the waterfall of a `npm run bench:startup` record into `svgFile`. */
export async function writeStartupChart(
  recordFile: string,
  svgFile: string,
  svgOf: (spec: TopLevelSpec) => Promise<string>,
): Promise<void> {
  const record: unknown = JSON.parse(readFileSync(recordFile, 'utf8'));
  if (!isStartupRecord(record)) throw new Error(`${recordFile} is not a start-up record`);
  const loads = record.loadAverages.map((l) => l.toFixed(1)).join(' to ');
  const source = {
    lines: [basename(recordFile), `${record.at.slice(0, 10)}, medians, software WebGL, load average ${loads}`],
  };
  writeFileSync(svgFile, await svgOf(startupWaterfallChart(startupRows(record), source)));
}
