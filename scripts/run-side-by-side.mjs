// Runs npm scripts at the same time and prints each one's output whole when it ends, so that nothing interleaves;
// fails if any of them fails, or writes to stderr: that is where Vite, rolldown, npm and Node warn, and a step that
// succeeds says nothing there. `node scripts/run-side-by-side.mjs typecheck lint build`
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-side-by-side.mjs <npm script>...');
  process.exit(2);
}

function run(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    let warned = false;
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => {
      output.push(chunk);
      warned ||= chunk.toString().trim() !== '';
    });
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      const outcome = code !== 0 ? `failed (exit ${code})` : warned ? 'failed (it wrote to stderr: a warning)' : 'ok';
      process.stdout.write(`── ${name}: ${outcome} in ${seconds} s\n`);
      if (text) process.stdout.write(`${text}\n`);
      resolve(code === 0 && !warned);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
