// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report, and before it where the
// time went: each project's sum and the ten slowest files, from the cost reporter's table
// (tests/support/fileCostReporter.ts), and the whole `npm test` against its 12 minutes (decision 0034).
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

/** Each project's files summed, then the ten slowest files, as the reporter sorted them. */
function printCosts(costs: FileCost[]): void {
  const projects = new Map<string, { files: number; seconds: number; cpuSeconds: number }>();
  for (const cost of costs) {
    const project = projects.get(cost.project) ?? { files: 0, seconds: 0, cpuSeconds: 0 };
    project.files += 1;
    project.seconds += cost.seconds;
    project.cpuSeconds += cost.cpuSeconds ?? 0;
    projects.set(cost.project, project);
  }
  console.log('\nTime per project (each file from its import to its last hook, summed; files run side by side):');
  for (const [name, project] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    const files = String(project.files).padStart(4);
    const cpu = project.cpuSeconds > 0 ? `, ${project.cpuSeconds.toFixed(0)} s of CPU` : '';
    console.log(`  ${name.padEnd(10)} ${files} files ${project.seconds.toFixed(0).padStart(6)} s${cpu}`);
  }
  console.log('The ten slowest files (s, tests, page loads, server starts, CPU s):');
  for (const cost of costs.slice(0, 10)) {
    const cpu = cost.cpuSeconds > 0 ? `, ${cost.cpuSeconds.toFixed(0)} s CPU` : '';
    const counts = `${cost.tests} tests, ${cost.pageLoads} pages, ${cost.serverStarts} servers${cpu}`;
    console.log(`  ${cost.seconds.toFixed(1).padStart(6)}  ${cost.project.padEnd(9)} ${cost.file} (${counts})`);
  }
  console.log('');
}

function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
