/**
 * Import previews at once against the compiled server (issue 63 row 9), run by hand:
 *
 *   npm run stress:import-preview [-- --rows 120000 --parallel 4 --server path/to/main.js]
 *
 * A server on an empty SQLite database; a CSV of `rows` synthetic machines with every column (about 54 MB at
 * 120,000 rows) is sent to `POST /api/operator/import/preview` by `parallel` clients at once, `rounds` times. The
 * server's resident memory is read from /proc every 50 ms: at start, its peak, and after the previews. Each answer's
 * status is counted (200, or 503 importBusy while another preview is read). The run stops the server when its
 * memory passes `abort-rss-mb`: the machine is shared with others.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { builtServerFile } from '../../scripts/build/serverBuild';
import { machinesCsv } from '../../testkit/fixtures/machinesCsv';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'stress-admin-token-0123456789';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: builtServerFile('main') },
    rows: { type: 'string', default: '120000' },
    parallel: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    /** Extra bytes of an unknown column on every row, to make the file as large as the red team's. */
    'extra-bytes': { type: 'string', default: '40' },
    'settle-s': { type: 'string', default: '5' },
    'abort-rss-mb': { type: 'string', default: '3000' },
  },
});
const ROWS = Number(values.rows);
const PARALLEL = Number(values.parallel);
const ROUNDS = Number(values.rounds);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-preview-stress-'));
const extra = 'x'.repeat(Number(values['extra-bytes']));
const csv = machinesCsv(ROWS)
  .split('\n')
  .map((line, i) => (line === '' ? line : `${line},${i === 0 ? 'note' : extra}`))
  .join('\n');
const file = new Blob([csv], { type: 'text/csv' });

const child = spawn(process.execPath, [values.server], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    RVM_DB: path.join(dir, 'rvm.sqlite'),
    RVM_FILES: path.join(dir, 'files'),
    RVM_STATIC: path.join(dir, 'no-dist'),
    RVM_SEED: path.join(dir, 'no-seed.json'),
    RVM_ADMIN_TOKEN: TOKEN,
    RVM_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let exitCode: number | string | null = null;
child.once('exit', (code, signal) => (exitCode = code ?? signal));
const port = await new Promise<number>((resolve, reject) => {
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout);
    if (match) resolve(Number(match[1]));
  });
  child.once('exit', () => reject(new Error(`the server exited before listening (${exitCode})`)));
});
const base = `http://127.0.0.1:${port}`;

const rssMb = (): number => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
};
let peak = 0;
const sampler = setInterval(() => {
  const rss = rssMb();
  peak = Math.max(peak, rss);
  if (rss > Number(values['abort-rss-mb']) && exitCode === null) {
    console.log(`aborting: the server's RSS passed ${values['abort-rss-mb']} MB`);
    child.kill('SIGKILL');
  }
}, 50);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function preview(): Promise<string> {
  const form = new FormData();
  form.append('file', file, 'fleet.csv');
  try {
    const response = await fetch(`${base}/api/operator/import/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' },
      body: form,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const msg = response.status === 200 ? '' : ` ${JSON.parse(body.toString()).msg}`;
    return `${response.status}${msg}`;
  } catch (error) {
    return `failed (${(error as Error).message})`;
  }
}

try {
  await sleep(1_000);
  const start = rssMb();
  console.log(`${ROWS} rows, ${(file.size / 1e6).toFixed(1)} MB; server RSS at start ${start.toFixed(0)} MB`);
  const answers = new Map<string, number>();
  const started = performance.now();
  for (let round = 0; round < ROUNDS && exitCode === null; round++) {
    const results = await Promise.all(Array.from({ length: PARALLEL }, preview));
    for (const result of results) answers.set(result, (answers.get(result) ?? 0) + 1);
    console.log(`round ${round + 1}: ${results.join(', ')}; peak so far ${peak.toFixed(0)} MB`);
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(Number(values['settle-s']) * 1000);
  const after = rssMb();
  console.log(
    JSON.stringify({
      rows: ROWS,
      fileMb: Math.round(file.size / 1e5) / 10,
      parallel: PARALLEL,
      rounds: ROUNDS,
      seconds: Math.round(seconds * 10) / 10,
      answers: Object.fromEntries(answers),
      rssMb: { start: Math.round(start), peak: Math.round(peak), after: Math.round(after) },
      serverExited: exitCode,
    }),
  );
} finally {
  clearInterval(sampler);
  child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
