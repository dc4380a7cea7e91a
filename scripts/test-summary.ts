// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report.
// Run: npx tsx scripts/test-summary.ts tests/.artifacts/results.json
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'tests/.artifacts/results.json';
const report = JSON.parse(readFileSync(file, 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 ? 1 : 0);
