import { median } from '../stats';
import type { VisitorLoad } from './visitorLoad';

export interface VisitorCase {
  page: 'ours' | 'leaflet' | 'basemap';
  cpuSlowdown: number;
  visit: 'cold' | 'warm';
  loads: VisitorLoad[];
}

/** What `npm run bench:visitor` writes to bench/results/<date>-visitor-<hhmm>.json. */
export interface VisitorReport {
  at: string;
  minutes: number;
  machine: { cpu: string; cores: number; browser: string; webgl: string; loadAverage: number };
  network: { latency: number; download: number; upload: number };
  tileDelayMs: number;
  machines: number;
  cases: VisitorCase[];
}

/** The issue's goals for our page on the phone network, CPU as is. */
const GOALS = [
  { visit: 'cold', metric: 'firstListMachineMs', what: 'the first machine in the list', ms: 2000 },
  { visit: 'cold', metric: 'everyMarkerMs', what: 'every marker on the map', ms: 4000 },
  { visit: 'warm', metric: 'firstListMachineMs', what: 'the first machine in the list', ms: 1000 },
] as const;

const PAGE_NAMES: Record<VisitorCase['page'], string> = {
  ours: 'ours',
  leaflet: 'Leaflet page',
  basemap: 'basemap floor',
};

type Metric = 'firstListMachineMs' | 'everyMarkerMs' | 'readyMs' | 'bytes' | 'serviceWorkerBytes';

const medianOf = (c: VisitorCase | undefined, metric: Metric): number | null => {
  const values = (c?.loads ?? []).map((l) => l[metric] ?? null).filter((v): v is number => v !== null);
  return values.length === 0 ? null : median(values);
};
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes: number | null) => (bytes === null ? '—' : `${Math.round(bytes / 1024)} KB`);
const ratio = (theirs: number | null, ours: number | null) => {
  if (theirs === null || ours === null || ours === 0) return '';
  const r = theirs / ours;
  return ` (${r.toFixed(r < 0.1 ? 2 : 1)}×)`;
};

export function visitorReport(report: VisitorReport): string {
  const { network, machine } = report;
  const lines = [
    '# Visitor benchmark',
    '',
    `${report.at}, ${report.minutes.toFixed(0)} min. Network: ${network.latency} ms round trip, ` +
      `${((network.download * 8) / 1e6).toFixed(1)} Mbit/s down, ${((network.upload * 8) / 1e3).toFixed(0)} kbit/s up ` +
      `(Chromium's emulation); tiles answered locally after ${report.tileDelayMs} ms. ${report.machines} machines ` +
      '(the demo data; the Leaflet page generates as many). Medians of ' +
      `${report.cases[0]?.loads.length ?? 0} runs; in brackets the alternative ÷ ours (above 1× ours is sooner or smaller).`,
    '',
    `${machine.cpu}, ${machine.cores} cores, ${machine.browser}, WebGL: ${machine.webgl.replace(/, $/, '')}; 1-minute load average ` +
      `${machine.loadAverage} at the end (other work on the machine: read ratios within the run). The Leaflet page ` +
      'and the floor have no list. "Service worker" is what our worker fetched after the load (its precache).',
    '',
  ];
  const find = (page: VisitorCase['page'], cpu: number, visit: string) =>
    report.cases.find((c) => c.page === page && c.cpuSlowdown === cpu && c.visit === visit);
  for (const cpu of [...new Set(report.cases.map((c) => c.cpuSlowdown))]) {
    for (const visit of ['cold', 'warm'] as const) {
      lines.push(
        `## ${visit === 'cold' ? 'Cold (empty cache)' : 'Warm (repeat visit)'}, CPU ${cpu === 1 ? 'as is' : `slowed ${cpu}×`}`,
        '',
        '| page | first machine in the list | every marker on the map | `rvm:ready` | bytes transferred (tiles apart) | service worker |',
        '|---|---:|---:|---:|---:|---:|',
      );
      const ours = find('ours', cpu, visit);
      for (const page of ['ours', 'leaflet', 'basemap'] as const) {
        const c = find(page, cpu, visit);
        if (!c) continue;
        const cell = (metric: Metric, show: (v: number | null) => string) =>
          `${show(medianOf(c, metric))}${page === 'ours' ? '' : ratio(medianOf(c, metric), medianOf(ours, metric))}`;
        lines.push(
          `| ${PAGE_NAMES[page]} | ${cell('firstListMachineMs', seconds)} | ${cell('everyMarkerMs', seconds)} | ${cell('readyMs', seconds)} | ${cell('bytes', kb)} | ${page === 'ours' ? kb(medianOf(c, 'serviceWorkerBytes')) : '—'} |`,
        );
      }
      lines.push('');
    }
  }
  lines.push('## Goals (ours, phone network, CPU as is)', '');
  for (const goal of GOALS) {
    const value = medianOf(find('ours', 1, goal.visit), goal.metric);
    const verdict = value === null ? 'not measured' : value <= goal.ms ? 'met' : 'not met';
    lines.push(`- ${goal.visit}, ${goal.what} ≤ ${seconds(goal.ms)}: ${seconds(value)}, ${verdict}.`);
  }
  lines.push('');
  return lines.join('\n');
}
