import { SCENARIO_STEPS } from '../scenarios';
import { HUGE_N, type ScenarioContext } from '../scenarios/scenario';
import { SCENARIOS, type RendererName, type Stage, type StepRecord } from '../stage/stageApi';
import type { RunRecord, RunScenario } from '../record/record';

export interface RunRequest {
  renderer: RendererName;
  n: number;
  scenario: RunScenario;
}

export interface RunOptions {
  /** The commit the page was built from. */
  build: string;
  /** Opens a fresh stage with these machines and renderer; resolves once it can be driven. */
  openStage(renderer: RendererName, n: number): Promise<Stage>;
  /** A step slower than this ends the run, recorded as not finished. */
  stepTimeoutS: number;
  onStep(step: StepRecord): void;
  /** Checked between steps: a person pressed Stop. */
  stopped(): boolean;
}

const SETTLE_LIMIT_MS = { usual: 60_000, huge: 120_000 };

class DidNotFinish extends Error {}

function within<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DidNotFinish(`did not finish ${what} in ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One run, the same whoever pressed Run (a person or `npm run bench`): a fresh stage, its load, then the
 * scenario's steps, each after the map has settled. Every figure comes from the stage's own measurement.
 */
export async function runBench(request: RunRequest, options: RunOptions): Promise<RunRecord> {
  const run: RunRecord = {
    ...request,
    build: options.build,
    startedAt: new Date().toISOString(),
    generateMs: null,
    steps: [],
    notes: [],
    error: null,
  };
  const timeoutS = options.stepTimeoutS;
  const settleLimitMs = request.n >= HUGE_N ? SETTLE_LIMIT_MS.huge : SETTLE_LIMIT_MS.usual;
  try {
    const stage = await within(options.openStage(request.renderer, request.n), timeoutS, 'opening the stage');
    run.generateMs = stage.generateMs;
    const context: ScenarioContext = {
      stage,
      n: request.n,
      settleLimitMs,
      settle: async (before) => {
        if (options.stopped()) throw new DidNotFinish('stopped');
        const quiet = await stage.settle(settleLimitMs);
        if (!quiet) run.notes.push(`the map was still drawing after ${settleLimitMs / 1000} s before ${before}`);
      },
      record: (step) => {
        run.steps.push(step);
        options.onStep(step);
      },
    };
    const wanted = request.scenario === 'all' ? SCENARIOS : (['load', request.scenario] as const);
    for (const name of new Set(wanted)) {
      await within(SCENARIO_STEPS[name](context), timeoutS * stepsOf(name), SCENARIO_NAMES[name]);
    }
  } catch (error) {
    // A renderer that fails (or a stage that cannot be opened) ends the run with the reason, like a timeout.
    run.error =
      error instanceof DidNotFinish
        ? error.message
        : `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  return run;
}

const SCENARIO_NAMES = {
  load: 'the load',
  filter: 'the filter changes',
  search: 'the search keys',
  panZoom: 'the pan and zoom',
  live: 'the live status change',
} as const;

/** The most steps a scenario takes, for its time limit: each step may take `stepTimeoutS`. */
function stepsOf(name: keyof typeof SCENARIO_NAMES): number {
  return name === 'search' ? 8 : name === 'filter' ? 3 : 1;
}
