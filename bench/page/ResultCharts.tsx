import { SimpleGrid, Text } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import classes from './BenchPage.module.css';
import type { RunRecord } from '../record/record';

interface ResultChartsProps {
  runs: RunRecord[];
  gpu: string;
}

/** Room for a chart's axes and padding beside its plot, in CSS px. */
const CHART_MARGIN_PX = 90;

const CHART_NAMES = ['markers-drawn-by-n', 'filter-js-by-n', 'pan-frame-by-n'] as const;
const CHART_LABELS: Record<(typeof CHART_NAMES)[number], string> = {
  'markers-drawn-by-n': 'Time to every marker drawn against N, per renderer',
  'filter-js-by-n': 'Main-thread JS of a filter change against N, per renderer',
  'pan-frame-by-n': 'Frame time while panning and zooming against N, per renderer (p50 and p95)',
};

/**
 * The charts docs/benchmarks.md shows, from this page's runs: the same Vega-Lite specs (bench/charts/specs.ts).
 * Vega loads with the first chart drawn, not with the page.
 */
export const ResultCharts = memo(function ResultCharts({ runs, gpu }: ResultChartsProps) {
  const boxes = useRef<Record<string, HTMLDivElement | null>>({});
  useEffect(() => {
    if (runs.length === 0) return;
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    void Promise.all([import('../charts/benchCharts'), import('../charts/drawChart')]).then(
      async ([{ benchCharts, hasData, CHART_WIDTH }, { drawChart }]) => {
        for (const name of CHART_NAMES) {
          const box = boxes.current[name];
          if (cancelled || !box) continue;
          // Narrower than the docs' charts on a phone: the axes and the legend need about this much beside the plot.
          const width = Math.min(CHART_WIDTH, box.clientWidth - CHART_MARGIN_PX);
          const spec = benchCharts(runs, { lines: [`This page, ${runs.length} run(s), ${gpu}`], width })[name];
          box.replaceChildren();
          if (spec && hasData(spec)) cleanups.push(await drawChart(box, spec));
          else box.textContent = `${CHART_LABELS[name]}: no run has this step yet.`;
        }
      },
    );
    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
    };
  }, [runs, gpu]);

  if (runs.length === 0) return <Text c="dimmed">The charts appear once a run has finished.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {CHART_NAMES.map((name) => (
        <figure key={name} style={{ margin: 0 }}>
          <div
            className={classes.chart}
            ref={(element) => {
              boxes.current[name] = element;
            }}
            role="img"
            aria-label={CHART_LABELS[name]}
          />
        </figure>
      ))}
    </SimpleGrid>
  );
});
