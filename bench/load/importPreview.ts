/**
 * The console's import preview at scale, timed (issue 52 point 1: 100,000 rows in at most 10 s):
 * `npm run bench:import-preview` (PREVIEW_ROWS, default 100000; PREVIEW_ROUNDS, default 3).
 * The real server on a SQLite database already holding the rows (loaded by `server/import.ts`); the same file with
 * every hundredth machine set to Full is sent to `POST /api/operator/import/preview` as the console sends it, and
 * each round is timed from the request to the whole answer. Writes bench/results/<date>-import-preview.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { machinesCsv } from '../../testkit/fixtures/machinesCsv';
import { median } from '../stats';
import { emptyServerEnv, startServerProcess } from './serverProcess';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROWS = Number(process.env.PREVIEW_ROWS ?? 100_000);
const ROUNDS = Number(process.env.PREVIEW_ROUNDS ?? 3);
const TOKEN = 'bench-admin-token-0123456789';
const SERVER_START_TIMEOUT_MS = 120_000;
const GOAL_MS = 10_000;

const dir = mkdtempSync(path.join(tmpdir(), 'rvm-import-preview-'));
const env = emptyServerEnv(dir, { RVM_ADMIN_TOKEN: TOKEN });
const round = (value: number) => Math.round(value);

function importFile(file: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/import.ts', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the import exited ${code}`)))),
  );
}

/** The file with every hundredth machine full: a preview with changed rows among the unchanged. */
function withSomeChanged(csv: string): string {
  const full = machinesCsv(ROWS, 'Full').split('\n');
  return csv
    .split('\n')
    .map((line, i) => (i > 0 && i % 100 === 0 ? (full[i] ?? line) : line))
    .join('\n');
}

async function preview(base: string, csv: string): Promise<{ ms: number; counts: unknown }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'fleet.csv');
  const started = performance.now();
  const response = await fetch(`${base}/api/operator/import/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  const body = (await response.json()) as { preview?: { counts?: unknown } };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the preview answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, counts: body.preview?.counts };
}

async function main() {
  mkdirSync(env.RVM_FILES, { recursive: true });
  const csv = machinesCsv(ROWS);
  const loaded = path.join(dir, 'fleet.csv');
  writeFileSync(loaded, csv);
  await importFile(loaded);
  const changed = withSomeChanged(csv);
  const { url, child } = await startServerProcess(env, SERVER_START_TIMEOUT_MS);
  try {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await preview(url, changed));
    const ms = rounds.map((r) => r.ms);
    const result = {
      at: new Date().toISOString(),
      cpus: cpus().length,
      loadAverage: loadavg().map((v) => Math.round(v * 100) / 100),
      rows: ROWS,
      fileBytes: Buffer.byteLength(changed),
      counts: rounds[0]?.counts,
      roundsMs: ms.map(round),
      medianMs: round(median(ms)),
      goalMs: GOAL_MS,
    };
    const file = path.join(ROOT, 'bench/results', `${result.at.slice(0, 10)}-import-preview.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`${ROWS} rows previewed in ${result.roundsMs.join(', ')} ms (median ${result.medianMs}); ${file}`);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
