import type { Impl } from './benchApi';

/**
 * How much of the script a run does. In software WebGL a frame with every marker of 100k costs seconds
 * and of 1M half a minute, so large N get a shorter pan and zoom (none at 1M) and fewer keystrokes.
 */
export interface Scenario {
  panZoom: 'full' | 'short' | 'none';
  /** How many characters of SEARCH_TEXT are typed. */
  keystrokes: number;
}

const FULL: Scenario = { panZoom: 'full', keystrokes: 7 };
const LARGE: Scenario = { panZoom: 'short', keystrokes: 3 };
const HUGE: Scenario = { panZoom: 'none', keystrokes: 3 };

export function scenarioFor(n: number): Scenario {
  return n >= 1_000_000 ? HUGE : n >= 100_000 ? LARGE : FULL;
}

/** Machine counts and runs per page; fewer runs where one run takes long, so the whole bench stays under 15 min. */
export interface PagePlan {
  sizes: { n: number; runs: number }[];
  /** A step slower than this is recorded as "did not finish", and larger N are not attempted. */
  timeoutS: number;
}

export const PLAN: Record<Impl, PagePlan> = {
  ours: {
    sizes: [
      { n: 1_000, runs: 3 },
      { n: 10_000, runs: 3 },
      { n: 100_000, runs: 1 },
      { n: 1_000_000, runs: 1 },
    ],
    timeoutS: 240,
  },
  'maplibre-symbol': {
    sizes: [
      { n: 1_000, runs: 3 },
      { n: 10_000, runs: 3 },
      { n: 100_000, runs: 1 },
      { n: 1_000_000, runs: 1 },
    ],
    timeoutS: 60,
  },
  leaflet: {
    sizes: [
      { n: 1_000, runs: 3 },
      { n: 10_000, runs: 1 },
      { n: 100_000, runs: 1 },
      { n: 1_000_000, runs: 1 },
    ],
    timeoutS: 60,
  },
  // The floor does not depend on N: the basemap alone, no machines.
  basemap: { sizes: [{ n: 0, runs: 3 }], timeoutS: 60 },
};

/** `BENCH_PLAN=ours:1000:2,leaflet:1000:1` runs only those (for trying the runner out). */
export function planFromEnv(value: string | undefined): Record<Impl, PagePlan> {
  if (!value) return PLAN;
  const plan: Record<Impl, PagePlan> = {
    ours: { ...PLAN.ours, sizes: [] },
    'maplibre-symbol': { ...PLAN['maplibre-symbol'], sizes: [] },
    leaflet: { ...PLAN.leaflet, sizes: [] },
    basemap: { ...PLAN.basemap, sizes: [] },
  };
  for (const item of value.split(',')) {
    const [impl, n, runs] = item.split(':');
    const entry = plan[impl as Impl];
    if (!entry) throw new Error(`unknown page ${impl}`);
    entry.sizes.push({ n: Number(n), runs: Number(runs ?? 1) });
  }
  return plan;
}
