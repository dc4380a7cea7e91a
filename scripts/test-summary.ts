// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report, then where the time went:
// the whole `npm test` against its 12 minutes (decision 0034), each project's sum and the ten slowest files, from the
// cost reporter's table (tests/support/fileCostReporter.ts).
// Run: npx tsx scripts/test-summary.ts tests/.artifacts/results.json
import { existsSync, readFileSync } from 'node:fs';
import { FILE_COSTS, type FileCost } from '../tests/support/fileCostReporter';

const BUDGET_SECONDS = 12 * 60;

const file = process.argv[2] ?? 'tests/.artifacts/results.json';
const report = JSON.parse(readFileSync(file, 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};

if (existsSync(FILE_COSTS)) printCosts(JSON.parse(readFileSync(FILE_COSTS, 'utf8')) as FileCost[]);
const started = Number(process.env.RVM_TEST_STARTED);
if (started > 0) {
  const seconds = Math.round(Date.now() / 1000 - started);
  const verdict = seconds <= BUDGET_SECONDS ? 'within' : 'OVER';
  console.log(`npm test: ${minutes(seconds)}, ${verdict} its ${BUDGET_SECONDS / 60} minutes`);
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 ? 1 : 0);

function printCosts(costs: FileCost[]): void {
  const projects = new Map<string, { files: number; seconds: number }>();
  for (const cost of costs) {
    const sum = projects.get(cost.project) ?? { files: 0, seconds: 0 };
    sum.files += 1;
    sum.seconds += cost.seconds;
    projects.set(cost.project, sum);
  }
  console.log('\nTime per project (files summed; workers run several at once):');
  for (const [name, sum] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    console.log(`  ${name.padEnd(10)} ${String(sum.files).padStart(4)} files ${sum.seconds.toFixed(0).padStart(6)} s`);
  }
  console.log('The ten slowest files (s, tests, page loads, server starts):');
  for (const cost of costs.slice(0, 10)) {
    const counts = `${cost.tests} tests, ${cost.pageLoads} pages, ${cost.serverStarts} servers`;
    console.log(`  ${cost.seconds.toFixed(1).padStart(6)}  ${cost.project.padEnd(9)} ${cost.file} (${counts})`);
  }
  console.log('');
}

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
