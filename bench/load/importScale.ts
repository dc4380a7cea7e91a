/**
 * Imports at scale, timed (issue 26, points 1 and 7): `npm run bench:import` (IMPORT_ROWS, default 50000).
 *   1. `server/import.ts` loads N rows of CSV into an empty database: wall time, CPU time and peak memory of that
 *      process (CPU time says more than wall time on a machine shared with other work).
 *   2. The real server runs on that database while a second import rewrites every row: the health call's latency
 *      (a probe every 10 ms) and how operator PATCHes (every 250 ms, under the rate limit) are answered; then every row must carry the
 *      new status (all or nothing).
 *   3. Still at N machines: a PATCH, then the list call, five times, with the health probe running.
 * Writes bench/results/importScale.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { machinesCsv } from '../../testkit/fixtures/machinesCsv';
import { emptyServerEnv, startServerProcess } from './serverProcess';
import { median, percentile } from '../stats';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const TOKEN = 'bench-admin-token-0123456789';
const HEALTH_GAP_MS = 10;
const PATCH_GAP_MS = 250;
const LIST_ROUNDS = 5;
const SERVER_START_TIMEOUT_MS = 120_000;

const dir = mkdtempSync(path.join(tmpdir(), 'rvm-import-scale-'));
const env = emptyServerEnv(dir, { RVM_ADMIN_TOKEN: TOKEN });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

async function runImport(file: string) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/load/usageOnExit.ts', 'server/import.ts', file],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`import exited ${code}: ${stderr.slice(0, 2000)}`);
  const maxRssKb = Number(/maxrss_kb=(\d+)/.exec(stderr)?.[1]);
  const cpuUs = Number(/cpu_us=(\d+)/.exec(stderr)?.[1]);
  return {
    seconds: round(ms / 1000),
    cpuSeconds: round(cpuUs / 1e6),
    peakMb: Math.round(maxRssKb / 1024),
    output: stdout.trim(),
  };
}

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const { url, child } = await startServerProcess(env, SERVER_START_TIMEOUT_MS);
  return { base: url, child };
}

/** Calls `call` again `gapMs` after each answer until stopped; returns each call's time and its outcome. */
function probe<T>(call: () => Promise<T>, gapMs: number) {
  const samples: { ms: number; value: T }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const value = await call();
      samples.push({ ms: performance.now() - started, value });
      await sleep(gapMs);
    }
  })();
  return async () => {
    running = false;
    await done;
    return samples;
  };
}

const latency = (ms: number[]) => ({
  calls: ms.length,
  p50Ms: round(median(ms)),
  p99Ms: round(percentile(ms, 99)),
  maxMs: round(Math.max(...ms)),
});

async function main() {
  mkdirSync(env.RVM_FILES, { recursive: true });
  const first = path.join(dir, 'machines.csv');
  const second = path.join(dir, 'machines-full.csv');
  writeFileSync(first, machinesCsv(ROWS));
  writeFileSync(second, machinesCsv(ROWS, 'Full'));
  const csvMb = round(Buffer.byteLength(machinesCsv(ROWS)) / 1024 / 1024);
  console.log(`${ROWS} rows, ${csvMb} MB of CSV; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)}`);

  const cli = await runImport(first);
  console.log(`1. import into an empty database: ${cli.seconds} s (${cli.cpuSeconds} s CPU), peak ${cli.peakMb} MB`);

  const { base, child } = await startServer();
  try {
    const health = () =>
      fetch(`${base}/api/health`).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    let maintenance = false;
    const patch = () => {
      maintenance = !maintenance;
      return fetch(`${base}/api/operator/machines/SYN-1`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ under_maintenance: maintenance }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return `${response.status}${response.headers.has('retry-after') ? ' with Retry-After' : ''}`;
      });
    };

    const stopHealth = probe(health, HEALTH_GAP_MS);
    const stopPatch = probe(patch, PATCH_GAP_MS);
    await sleep(500);
    const update = await runImport(second);
    await sleep(500);
    const healthDuring = await stopHealth();
    const patches = await stopPatch();
    const answers: Record<string, number> = {};
    for (const { value } of patches) answers[value] = (answers[value] ?? 0) + 1;
    const reader = new Database(env.RVM_DB, { readonly: true });
    const full = Number(reader.prepare("SELECT count(*) FROM machines WHERE status = 'Full'").pluck().get());
    reader.close();
    const during = {
      importSeconds: update.seconds,
      importCpuSeconds: update.cpuSeconds,
      importPeakMb: update.peakMb,
      health: latency(healthDuring.map((sample) => sample.ms)),
      healthNot200: healthDuring.filter((sample) => sample.value !== 200).length,
      patchAnswers: answers,
      rowsWithNewStatus: full,
    };
    console.log('2. a second import while the server serves:', JSON.stringify(during));

    const stopHealthAgain = probe(health, HEALTH_GAP_MS);
    const lists: number[] = [];
    let listBytes = 0;
    for (let i = 0; i < LIST_ROUNDS; i++) {
      await patch();
      const started = performance.now();
      const response = await fetch(`${base}/api/rvm/`, { method: 'POST' });
      listBytes = (await response.arrayBuffer()).byteLength;
      lists.push(performance.now() - started);
    }
    const healthLists = await stopHealthAgain();
    const patchThenList = {
      listMb: round(listBytes / 1024 / 1024),
      list: latency(lists),
      health: latency(healthLists.map((sample) => sample.ms)),
    };
    console.log(`3. PATCH then list, ${LIST_ROUNDS} times:`, JSON.stringify(patchThenList));

    const results = { rows: ROWS, csvMb, cores: cpus().length, load: loadavg()[0], cli, during, patchThenList };
    writeFileSync(path.join(ROOT, 'bench/results/importScale.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
