import { RENDERERS, SCENARIOS, type RendererName, type ScenarioName, type StepRecord } from '../stage/stageApi';

/** Names the record's shape; a change to it gets a new number. */
export const RECORD_FORMAT = 'rvm-bench/1';

/** A run does one scenario after the load, or every one of them. */
export type RunScenario = ScenarioName | 'all';

/** One press of Run: a fresh stage with `n` machines drawn by `renderer`, then the scenario's steps. */
export interface RunRecord {
  renderer: RendererName;
  n: number;
  scenario: RunScenario;
  /** The commit the bench page was built from (with "+changes" when its tree had uncommitted ones). */
  build: string;
  startedAt: string;
  /** Generating the synthetic machines in the stage, before anything was drawn. */
  generateMs: number | null;
  steps: StepRecord[];
  /** What to know when reading the figures, e.g. that the map was still drawing when a step began. */
  notes: string[];
  /** Why the run stopped before its last step, or null. */
  error: string | null;
}

/** What the browser says about itself: the figures only compare within one device and browser. */
export interface BrowserInfo {
  userAgent: string;
  /** The WebGL renderer, unmasked where the browser gives WEBGL_debug_renderer_info. */
  gpu: { vendor: string; renderer: string } | null;
  cores: number | null;
  devicePixelRatio: number;
  /** The stage's size in CSS px. */
  stage: { width: number; height: number };
  /** How often the stage's JS was sampled, ms; null when it could not be (no JS self-profiler). */
  jsSamplingMs: number | null;
}

/** What "Copy results", "Download JSON" and `npm run bench` give: the same record. */
export interface BenchRecord {
  format: typeof RECORD_FORMAT;
  createdAt: string;
  page: { url: string; build: string };
  browser: BrowserInfo;
  /** Set by whoever drives the page (npm run bench: the machine, its load, Chromium's flags); empty otherwise. */
  notes: Record<string, string | number>;
  runs: RunRecord[];
}

export function buildRecord(
  page: BenchRecord['page'],
  browser: BrowserInfo,
  notes: BenchRecord['notes'],
  runs: RunRecord[],
): BenchRecord {
  return { format: RECORD_FORMAT, createdAt: new Date().toISOString(), page, browser, notes, runs };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

function isStep(value: unknown): value is StepRecord {
  return (
    isObject(value) &&
    SCENARIOS.includes(value.scenario as ScenarioName) &&
    typeof value.step === 'string' &&
    isNumberOrNull(value.shown) &&
    typeof value.drawnMs === 'number' &&
    isNumberOrNull(value.jsMs) &&
    (value.frames === null || (isObject(value.frames) && typeof value.frames.p50 === 'number')) &&
    typeof value.draws === 'number' &&
    typeof value.uploadKB === 'number'
  );
}

function isRun(value: unknown): value is RunRecord {
  return (
    isObject(value) &&
    RENDERERS.includes(value.renderer as RendererName) &&
    typeof value.n === 'number' &&
    typeof value.build === 'string' &&
    Array.isArray(value.steps) &&
    value.steps.every(isStep) &&
    Array.isArray(value.notes) &&
    (value.error === null || typeof value.error === 'string')
  );
}

/** Whether `value` is a bench record with every field the harness writes and the charts read. */
export function isBenchRecord(value: unknown): value is BenchRecord {
  return (
    isObject(value) &&
    value.format === RECORD_FORMAT &&
    isObject(value.page) &&
    isObject(value.browser) &&
    typeof value.browser.userAgent === 'string' &&
    isObject(value.notes) &&
    Array.isArray(value.runs) &&
    value.runs.every(isRun)
  );
}
