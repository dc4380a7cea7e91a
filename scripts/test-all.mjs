// `npm run test:all`: every project of `npm test`, in two vitest processes side by side: the browser project, bound
// by software WebGL, beside the others, which mostly wait (intervals, timeouts, a PostgreSQL cluster). In one process
// they could only run one after the other (projects of one group share one worker count: decision 0063). Each line
// is printed as it comes, prefixed with its process; then scripts/test-summary.ts reads both reports.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const ARTIFACTS = 'tests/.artifacts';
const RUNS = [
  { name: 'browser', projects: ['browser'] },
  { name: 'others', projects: ['unit', 'server', 'server-pg', 'pg', 'build'] },
];

function run({ name, projects }) {
  const report = `${ARTIFACTS}/results-${name}.json`;
  rmSync(report, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  args.push(`--reporter=./tests/support/fileCostReporter.ts`, ...process.argv.slice(2));
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RVM_FILE_COSTS: `${ARTIFACTS}/file-costs-${name}.json`, NO_COLOR: '1' },
    });
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => resolve({ report, ok: code === 0 }));
  });
}

const results = await Promise.all(RUNS.map(run));
const summary = spawn('npx', ['tsx', 'scripts/test-summary.ts', ...results.map((r) => r.report)], {
  stdio: 'inherit',
});
summary.on('close', (code) => process.exit(results.every((r) => r.ok) && code === 0 ? 0 : 1));
