// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON reports, and before it where the
// time went: each project's sum and the ten slowest files, from the cost reporter's tables beside each report
// (tests/support/fileCostReporter.ts), and the whole `npm test` against its 12 minutes (decision 0034).
// Run: npx tsx scripts/test-summary.ts tests/.artifacts/results.json [more reports]
import { existsSync, readFileSync } from 'node:fs';
import type { FileCost } from '../tests/support/fileCostReporter';

const BUDGET_SECONDS = 12 * 60;

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const files = process.argv.length > 2 ? process.argv.slice(2) : ['tests/.artifacts/results.json'];
const reports = files.map((file) =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : missing(file),
);
const costs = files
  .map((file) => file.replace(/results(-[\w-]+)?\.json$/, 'file-costs$1.json'))
  .filter((file) => existsSync(file))
  .flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as FileCost[])
  .sort((a, b) => b.seconds - a.seconds);
if (costs.length > 0) printCosts(costs);

const started = Number(process.env.RVM_TEST_STARTED);
if (started > 0) {
  const seconds = Math.round(Date.now() / 1000 - started);
  const verdict = seconds <= BUDGET_SECONDS ? 'within' : 'OVER';
  console.log(`npm test: ${minutes(seconds)}, ${verdict} its ${BUDGET_SECONDS / 60} minutes`);
}
const sum = (key: keyof Report) => reports.reduce((total, report) => total + report[key], 0);
const failed = sum('numFailedTests');
const skipped = sum('numPendingTests') + sum('numTodoTests');
console.log(`tests: ${sum('numPassedTests')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

/** A run that wrote no report (it crashed or was stopped): counted as one failure. */
function missing(file: string): Report {
  console.log(`no report at ${file}: its vitest run did not finish`);
  return { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
}

function printCosts(all: FileCost[]): void {
  const projects = new Map<string, { files: number; seconds: number }>();
  for (const cost of all) {
    const project = projects.get(cost.project) ?? { files: 0, seconds: 0 };
    project.files += 1;
    project.seconds += cost.seconds;
    projects.set(cost.project, project);
  }
  console.log('\nTime per project (each file from its import to its last hook, summed; files run side by side):');
  for (const [name, project] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    console.log(
      `  ${name.padEnd(10)} ${String(project.files).padStart(4)} files ${project.seconds.toFixed(0).padStart(6)} s`,
    );
  }
  console.log('The ten slowest files (s, tests, page loads, server starts):');
  for (const cost of all.slice(0, 10)) {
    const counts = `${cost.tests} tests, ${cost.pageLoads} pages, ${cost.serverStarts} servers`;
    console.log(`  ${cost.seconds.toFixed(1).padStart(6)}  ${cost.project.padEnd(9)} ${cost.file} (${counts})`);
  }
  console.log('');
}

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
