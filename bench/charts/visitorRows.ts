import { median } from '../stats';
import type { VisitorReport } from '../visitor/visitorReport';
import type { WaterfallRow } from './chartRows';

/** The waterfall's bars and where each comes from in a visitor load. */
const ITEMS = [
  ['shell script', 'shellScript'],
  ['list answer', 'listAnswer'],
  ['map chunk', 'mapChunk'],
] as const;

/**
 * Our page's loads on the phone network with the CPU as is, cold and warm, as bars: each download from its
 * request to its last byte, and the first machine listed and every marker drawn from the navigation; medians of
 * the runs. Empty when the report predates the downloads' times.
 */
export function waterfallRows(report: VisitorReport): WaterfallRow[] {
  const rows: WaterfallRow[] = [];
  for (const visit of ['cold', 'warm'] as const) {
    const loads = report.cases.find((c) => c.page === 'ours' && c.cpuSlowdown === 1 && c.visit === visit)?.loads ?? [];
    const med = (values: (number | null | undefined)[]) => {
      const known = values.filter((v): v is number => typeof v === 'number');
      return known.length ? median(known) : null;
    };
    for (const [item, key] of ITEMS) {
      const startMs = med(loads.map((l) => l.spans?.[key]?.startMs));
      const endMs = med(loads.map((l) => l.spans?.[key]?.endMs));
      if (startMs !== null && endMs !== null) rows.push({ visit, item, startMs, endMs });
    }
    const listed = med(loads.map((l) => l.firstListMachineMs));
    const markers = med(loads.map((l) => l.everyMarkerMs));
    if (rows.some((r) => r.visit === visit)) {
      if (listed !== null) rows.push({ visit, item: 'first machine listed', startMs: 0, endMs: listed });
      if (markers !== null) rows.push({ visit, item: 'every marker drawn', startMs: 0, endMs: markers });
    }
  }
  return rows;
}
