import type { TopLevelSpec } from 'vega-lite';
import type { RunRecord } from '../record/record';
import { byRendererAndN } from './chartRows';
import { filterJsChart, markersDrawnChart, panFrameChart, type ChartSource } from './specs';

export { CHART_WIDTH } from './specs';

/** The benchmark page's charts by file name: drawn on the page from its runs, and into docs/charts by bench:charts. */
export function benchCharts(runs: readonly RunRecord[], source: ChartSource): Record<string, TopLevelSpec> {
  const finished = runs.filter((run) => run.steps.length > 0);
  return {
    'markers-drawn-by-n': markersDrawnChart(byRendererAndN(finished, 'markersDrawnMs'), source),
    'filter-js-by-n': filterJsChart(byRendererAndN(finished, 'filterJsMs'), source),
    'pan-frame-by-n': panFrameChart(
      [...byRendererAndN(finished, 'panFrameP50Ms', 'p50'), ...byRendererAndN(finished, 'panFrameP95Ms', 'p95')],
      source,
    ),
  };
}

/** Whether a chart has any point to draw. */
export function hasData(spec: TopLevelSpec): boolean {
  const data = (spec as { data?: { values?: unknown[] } }).data;
  return (data?.values?.length ?? 0) > 0;
}
