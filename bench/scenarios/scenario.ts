import type { Stage, StepRecord } from '../stage/stageApi';

/** What a scenario gets to drive the stage with. */
export interface ScenarioContext {
  stage: Stage;
  n: number;
  /** Before a step: waits until the map is quiet, or goes on with a note once it has waited its limit. */
  settle(before: string): Promise<void>;
  /** Adds a measured step to the run (and to the page's table). */
  record(step: StepRecord): void;
  /** The settling limit, also for the pan and zoom's own settling. */
  settleLimitMs: number;
}

export type Scenario = (context: ScenarioContext) => Promise<void>;

/** From this many machines on a step draws far more: fewer search keys keep a run within minutes. */
export const LARGE_N = 100_000;
/** At this many a frame takes tens of seconds in software WebGL: the pan is a short drag, no zoom. */
export const HUGE_N = 1_000_000;
