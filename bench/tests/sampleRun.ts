import type { RunRecord } from '../record/record';
import type { StepRecord } from '../stage/stageApi';

/** A step with the given figures and plausible others. */
export function step(scenario: StepRecord['scenario'], name: string, figures: Partial<StepRecord> = {}): StepRecord {
  return { scenario, step: name, shown: 1000, drawnMs: 100, jsMs: 20, frames: null, draws: 1, uploadKB: 4, ...figures };
}

/** A finished run of `renderer` at `n` with these steps. */
export function run(renderer: RunRecord['renderer'], n: number, steps: StepRecord[]): RunRecord {
  return {
    renderer,
    n,
    scenario: 'all',
    build: 'abc1234',
    startedAt: '2026-11-27T10:00:00.000Z',
    generateMs: 5,
    steps,
    notes: [],
    error: null,
  };
}
