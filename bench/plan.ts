import { IMPLS, type Impl } from './benchApi';

/**
 * How much of the script a run does. In software WebGL a frame with every marker of 100k costs seconds
 * and of 1M half a minute, so large N get a shorter pan and zoom (none at 1M) and fewer keystrokes.
 */
export interface Scenario {
  panZoom: 'full' | 'short' | 'none';
  /** How many characters of SEARCH_TEXT are typed. */
  keystrokes: number;
  /**
   * Set where the map may never be quiet in software WebGL (1M): waiting for it to settle gives up after this
   * many seconds (noted in the run's errors) instead of failing the run, and steps are measured until their
   * result is shown only, not until settled; their "to markers drawn" JS is the figure to read.
   */
  settleLimitS?: number;
}

const FULL: Scenario = { panZoom: 'full', keystrokes: 7 };
const LARGE: Scenario = { panZoom: 'short', keystrokes: 3 };
const HUGE: Scenario = { panZoom: 'none', keystrokes: 3, settleLimitS: 120 };

export function scenarioFor(n: number): Scenario {
  return n >= 1_000_000 ? HUGE : n >= 100_000 ? LARGE : FULL;
}

/** Machine counts and runs per page; fewer runs where one run takes long, so the whole bench stays under 15 min. */
export interface PagePlan {
  sizes: { n: number; runs: number }[];
  /** A step slower than this is recorded as "did not finish", and larger N are not attempted. */
  timeoutS: number;
}

const OURS: PagePlan = {
  sizes: [
    { n: 1_000, runs: 3 },
    { n: 10_000, runs: 3 },
    { n: 100_000, runs: 1 },
    { n: 1_000_000, runs: 1 },
  ],
  timeoutS: 240,
};

export const PLAN: Record<Impl, PagePlan> = {
  ours: OURS,
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

/**
 * `BENCH_PLAN=ours:1000:2,leaflet:1000:1` runs only those (for trying the runner out); `all:1000:1` runs every
 * page at that N (the basemap at its own 0), and `quick` is `all:1000:1`. BENCH_TIMEOUT_S sets every page's
 * step limit, e.g. for our page at 1M in software GL.
 */
export function planFromEnv(value: string | undefined, timeoutS = process.env.BENCH_TIMEOUT_S): Record<Impl, PagePlan> {
  const plan = pagesFromEnv(value);
  if (!timeoutS) return plan;
  const limit = Number(timeoutS);
  if (!(limit > 0)) throw new Error(`BENCH_TIMEOUT_S must be a number of seconds, not ${timeoutS}`);
  return Object.fromEntries(IMPLS.map((impl) => [impl, { ...plan[impl], timeoutS: limit }])) as Record<Impl, PagePlan>;
}

function pagesFromEnv(value: string | undefined): Record<Impl, PagePlan> {
  if (!value) return PLAN;
  const plan = Object.fromEntries(
    IMPLS.map((impl): [Impl, PagePlan] => [impl, { ...PLAN[impl], sizes: [] }]),
  ) as Record<Impl, PagePlan>;
  for (const item of (value === 'quick' ? 'all:1000:1' : value).split(',')) {
    const [name, n, runs] = item.split(':');
    const impls = name === 'all' ? IMPLS : [name as Impl];
    for (const impl of impls) {
      const entry = plan[impl];
      if (!entry) throw new Error(`unknown page ${impl}`);
      entry.sizes.push({ n: impl === 'basemap' ? 0 : Number(n), runs: Number(runs ?? 1) });
    }
  }
  return plan;
}
