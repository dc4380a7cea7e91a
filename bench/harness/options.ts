import { parseArgs } from 'node:util';
import type { RunScenario } from '../record/record';
import { BENCH_SIZES, RENDERERS, SCENARIOS, type RendererName } from '../stage/stageApi';

export interface HarnessOptions {
  sizes: number[];
  renderers: RendererName[];
  scenario: RunScenario;
  /** Runs per renderer at N; by default 3 up to 10k and 1 above, where a run takes minutes in software WebGL. */
  runsAt: (n: number) => number;
  stepTimeoutS: number;
  /** Another commit whose bench page runs beside this tree's, turn by turn. */
  against: string | null;
  /** Where the record goes; bench/results/<date>-bench-<UTC hhmm>.json when not given. */
  out: string | null;
  /** Build the page first (false: use bench/dist as it is). */
  build: boolean;
  /** Chromium's WebGL flags: software (SwiftShader) unless given, e.g. '--use-angle=vulkan --enable-features=Vulkan'. */
  glArgs: string[] | null;
}

export const USAGE = `npm run bench -- [options]
  --n 1000,10000,100000,1000000   machine counts (1k, 10k, 100k, 1M also work)
  --renderers ours,leaflet,maplibre-symbol
  --scenario all|${SCENARIOS.join('|')}
  --runs <k>                      runs per renderer and N (default 3 up to 10k, 1 above)
  --step-timeout <s>              a step slower than this ends the run (default 240)
  --against <commit>              also run that commit's bench page, turn by turn with this tree's
  --out <file>                    where the record goes (default bench/results/<date>-bench-<hhmm>.json)
  --no-build                      use bench/dist as built
  --gl="<flags>"                  Chromium's WebGL flags instead of software WebGL`;

/** 1000, 1k, 10k, 1M: a machine count. */
function parseCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim().replaceAll('_', '').replaceAll(',', ''));
  if (!match) throw new Error(`not a machine count: ${text}`);
  const scale = { '': 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * scale);
}

const list = (value: string | undefined) =>
  value
    ?.split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function parseOptions(args: string[]): HarnessOptions {
  const { values } = parseArgs({
    args,
    options: {
      n: { type: 'string' },
      renderers: { type: 'string' },
      scenario: { type: 'string', default: 'all' },
      runs: { type: 'string' },
      'step-timeout': { type: 'string', default: '240' },
      against: { type: 'string' },
      out: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      gl: { type: 'string' },
    },
    strict: true,
  });
  const sizes = list(values.n)?.map(parseCount) ?? [...BENCH_SIZES];
  const renderers = (list(values.renderers) ?? [...RENDERERS]) as RendererName[];
  for (const name of renderers) if (!RENDERERS.includes(name)) throw new Error(`unknown renderer: ${name}`);
  const scenario = values.scenario as RunScenario;
  if (scenario !== 'all' && !SCENARIOS.includes(scenario)) throw new Error(`unknown scenario: ${scenario}`);
  const runs = values.runs === undefined ? null : Number(values.runs);
  if (runs !== null && !(Number.isInteger(runs) && runs > 0)) throw new Error(`--runs must be a whole number`);
  const stepTimeoutS = Number(values['step-timeout']);
  if (!(stepTimeoutS > 0)) throw new Error('--step-timeout must be a number of seconds');
  return {
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    renderers,
    scenario,
    runsAt: (n) => runs ?? (n <= 10_000 ? 3 : 1),
    stepTimeoutS,
    against: values.against ?? null,
    out: values.out ?? null,
    build: !values['no-build'],
    glArgs: list(values.gl) ?? null,
  };
}
