// `npm run test:costs`: keeps the last run's wall time per test file (tests/.artifacts/file-costs.json, written by
// tests/support/fileCostReporter.ts) in tests/support/file-costs.json, the order `npm test` starts files in
// (tests/support/costSequencer.ts). A run of some files updates those; files that no longer exist are dropped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_COSTS, type FileCost } from '../tests/support/fileCostReporter';
import { KEPT_COSTS, costKey, readKeptCostList, type KeptCost } from '../tests/support/costSequencer';

const ROOT = join(import.meta.dirname, '..');

if (!existsSync(FILE_COSTS)) {
  console.error(`${FILE_COSTS} is missing: run the tests first (npm test writes it)`);
  process.exit(1);
}
const measured = JSON.parse(readFileSync(FILE_COSTS, 'utf8')) as FileCost[];
const kept = readKeptCostList();

const merged = new Map<string, KeptCost>(kept.map((cost) => [costKey(cost.project, cost.file), cost]));
for (const { project, file, seconds } of measured) merged.set(costKey(project, file), { project, file, seconds });
const costs = [...merged.values()]
  .filter((cost) => existsSync(join(ROOT, cost.file)))
  .sort((a, b) => b.seconds - a.seconds || costKey(a.project, a.file).localeCompare(costKey(b.project, b.file)));

const lines = costs.map((cost) => `  ${JSON.stringify(cost)}`);
writeFileSync(KEPT_COSTS, `[\n${lines.join(',\n')}\n]\n`);
console.log(`kept the costs of ${costs.length} test files (${measured.length} measured in the last run)`);
