// The inner loop (docs/testing.md): the type check of the workspace a change touches, beside the unit tests and the
// server tests on SQLite; within 90 s on the 2-core machine. `npm run test:quick`
// The type check is incremental (its state in node_modules/.cache), so a second run checks only what changed.
import { execFileSync, spawn } from 'node:child_process';

const started = performance.now();
const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean)
  .map((line) => line.slice(3));
const typechecks = [
  ['tsc', '--noEmit', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/root.tsbuildinfo'],
];
if (changed.some((file) => file.startsWith('bench/'))) {
  typechecks.push([
    'tsc',
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    'node_modules/.cache/tsc/bench.tsbuildinfo',
    '-p',
    'bench',
  ]);
}
const tests = ['vitest', 'run', '--project', 'unit', '--project', 'server', ...process.argv.slice(2)];

function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code === 0));
  });
}

const results = await Promise.all([...typechecks.map(run), run(tests)]);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`test:quick: ${results.every(Boolean) ? 'passed' : 'FAILED'} in ${seconds} s (aim: 90 s)`);
process.exit(results.every(Boolean) ? 0 : 1);
