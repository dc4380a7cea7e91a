import type { TopLevelSpec } from 'vega-lite';
import { RENDERER_LABELS, RENDERERS } from '../stage/stageApi';
import type { ByNRow, WaterfallRow } from './chartRows';

/** The renderers' colours: ours in the product's green. */
const RENDERER_COLOURS = ['#2f8a27', '#1c6fb8', '#d9480f'];
const FONT = 'Helvetica, Arial, sans-serif';
/** The plot's size in the docs; the page may ask for narrower ones. */
export const CHART_WIDTH = 520;
const CHART_HEIGHT = 260;
/** How far a title may reach past the plot, over the axis beside it. */
const TITLE_OVERHANG_PX = 60;

const CONFIG = {
  font: FONT,
  view: { stroke: '#dee2e6' },
  axis: { labelFontSize: 11, titleFontSize: 12, gridColor: '#eef0f2' },
  legend: { labelFontSize: 11, titleFontSize: 12, orient: 'bottom', labelLimit: 0, symbolStrokeWidth: 2 },
  title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: '#555', anchor: 'start' },
} as const;

/** Where the figures came from, as lines under the chart's title (record files, date, GPU), and the plot's width. */
export interface ChartSource {
  lines: string[];
  width?: number;
}

/** N on a log scale with the four sizes labelled 1k, 10k, 100k, 1M. */
const N_AXIS = {
  field: 'n',
  type: 'quantitative',
  title: 'machines (N)',
  scale: { type: 'log', domain: [700, 1_400_000] as number[] },
  axis: {
    values: [1_000, 10_000, 100_000, 1_000_000] as number[],
    labelExpr: "datum.value >= 1e6 ? '1M' : (datum.value / 1000) + 'k'",
  },
} as const;

const RENDERER_COLOUR = {
  field: 'renderer',
  type: 'nominal',
  title: null,
  scale: { domain: RENDERERS.map((name) => RENDERER_LABELS[name]), range: RENDERER_COLOURS as string[] },
  legend: { columns: 2, symbolType: 'circle' },
} as const;

/** Whether figures span more than ten times: then milliseconds go on a log scale (which has no room for 0). */
function isWide(rows: readonly ByNRow[]): boolean {
  const values = rows.map((r) => r.ms).filter((v) => v > 0);
  return values.length > 1 && Math.max(...values) / Math.min(...values) > 10;
}

/** A figure against N, one line per renderer (and per series, dashed, where there are two). */
export function byNChart(
  rows: readonly ByNRow[],
  title: string,
  yTitle: string,
  source: ChartSource,
  note?: string,
): TopLevelSpec {
  const twoSeries = new Set(rows.map((r) => r.series)).size > 1;
  const wide = isWide(rows);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    // Long subtitles (a GPU's full name) end in an ellipsis rather than widen the chart.
    title: {
      text: title,
      subtitle: note ? [...source.lines, note] : source.lines,
      limit: (source.width ?? CHART_WIDTH) + TITLE_OVERHANG_PX,
    },
    width: source.width ?? CHART_WIDTH,
    height: CHART_HEIGHT,
    config: CONFIG,
    data: { values: rows.filter((row) => !wide || row.ms > 0).map((row) => ({ ...row })) },
    mark: { type: 'line', point: { filled: true, size: 60 }, strokeWidth: 2, tooltip: true },
    encoding: {
      x: N_AXIS,
      y: { field: 'ms', type: 'quantitative', title: yTitle, scale: wide ? { type: 'log' } : { zero: true } },
      color: RENDERER_COLOUR,
      ...(twoSeries
        ? {
            // The subtitle says which is which: p50 solid, p95 dashed.
            strokeDash: { field: 'series', type: 'nominal', legend: null, sort: ['p50', 'p95'] },
            detail: { field: 'series' },
          }
        : {}),
    },
  } as TopLevelSpec;
}

export const markersDrawnChart = (rows: readonly ByNRow[], source: ChartSource) =>
  byNChart(rows, 'Time to every marker drawn, by N', 'load to markers drawn (ms)', source);

export const filterJsChart = (rows: readonly ByNRow[], source: ChartSource) =>
  byNChart(rows, 'Main-thread JS of a filter change, by N', 'JS per filter change (ms)', source);

export const panFrameChart = (rows: readonly ByNRow[], source: ChartSource) =>
  byNChart(rows, 'Frame time while panning and zooming, by N', 'frame interval (ms)', source, 'p50 solid, p95 dashed');

/** The milestones of a visitor's load in the order they come. */
export const WATERFALL_ITEMS = [
  'shell script',
  'list answer',
  'map chunk',
  'first machine listed',
  'every marker drawn',
];

/** The visitor load as bars from request (or navigation) to arrival, cold above warm. */
export function visitorWaterfallChart(rows: readonly WaterfallRow[], source: ChartSource): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'A visitor’s load on a phone network, cold and warm',
      subtitle: source.lines,
      limit: (source.width ?? CHART_WIDTH) + TITLE_OVERHANG_PX,
    },
    config: CONFIG,
    data: { values: rows.map((row) => ({ ...row, label: `${(row.endMs / 1000).toFixed(2)} s` })) },
    facet: {
      row: {
        field: 'visit',
        type: 'nominal',
        title: null,
        sort: ['cold', 'warm'],
        header: { labelFontSize: 12, labelAngle: 0, labelAlign: 'left' },
      },
    },
    spec: {
      width: source.width ?? CHART_WIDTH,
      height: { step: 22 },
      layer: [
        {
          mark: { type: 'bar', cornerRadius: 2, height: 14, tooltip: true },
          encoding: {
            y: { field: 'item', type: 'nominal', sort: WATERFALL_ITEMS, title: null },
            x: { field: 'startMs', type: 'quantitative', title: 'ms from the navigation', scale: { zero: true } },
            x2: { field: 'endMs' },
            color: {
              field: 'item',
              type: 'nominal',
              sort: WATERFALL_ITEMS,
              legend: null,
              scale: { range: ['#74c0fc', '#4dabf7', '#1c7ed6', '#51b342', '#2f8a27'] },
            },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#333' },
          encoding: {
            y: { field: 'item', type: 'nominal', sort: WATERFALL_ITEMS },
            x: { field: 'endMs', type: 'quantitative' },
            text: { field: 'label' },
          },
        },
      ],
    },
  } as TopLevelSpec;
}
