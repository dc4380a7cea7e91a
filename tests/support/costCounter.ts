// Counts a test file's page loads and server starts for the run's cost table (fileCostReporter.ts): a line per
// event in a file per worker process, read once the run ends.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CostKind } from '../../testkit/browser/harness';

export const COUNTS_DIR = join(import.meta.dirname, '../../tests/.artifacts/cost-counts');

export interface CountLine {
  file: string;
  kind: CostKind;
}

export function countCost(kind: CountLine['kind']): void {
  const file = expect.getState().testPath;
  if (!file) return;
  const line: CountLine = { file, kind };
  mkdirSync(COUNTS_DIR, { recursive: true });
  appendFileSync(join(COUNTS_DIR, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}
