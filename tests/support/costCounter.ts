// Counts a test file's page loads, server starts and CPU seconds for the run's cost table (fileCostReporter.ts): a
// line per event in a file per worker process, read once the run ends.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { CostKind } from '../../testkit/browser/harness';

export const COUNTS_DIR = join(import.meta.dirname, '../../tests/.artifacts/cost-counts');
/** Set by the reporter in the vitest process before its workers start: the folder of this run's counts. */
export const COUNTS_RUN_ENV = 'RVM_COST_RUN';

/** The CPU seconds of the Chromium a browser file leased, and of its worker with the servers it started. */
export type CpuKind = 'browserCpu' | 'workerCpu';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project a file runs in: the server's files run in two (SQLite and PostgreSQL), each counted apart. */
    costProject: string;
  }
}

export interface CountLine {
  project: string;
  file: string;
  kind: CostKind | CpuKind;
  /** How much: 1 for a page or a server, seconds for CPU. */
  amount: number;
}

export function countCost(kind: CountLine['kind'], amount = 1): void {
  const file = expect.getState().testPath;
  const run = process.env[COUNTS_RUN_ENV];
  if (!file || !run) return;
  const line: CountLine = { project: inject('costProject'), file, kind, amount };
  const dir = join(COUNTS_DIR, run);
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}
