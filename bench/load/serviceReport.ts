/**
 * The service levels' month report at scale (issue 67): `npm run bench:service`. SERVICE_MACHINES machines (default
 * 1,000) with SERVICE_DAYS of history (default 365) at a change every 15 minutes, on SQLite and on PostgreSQL (a
 * throwaway cluster). Each machine fills in 12-hour cycles and stands full 1 to 5 hours of each (so some episodes
 * break the 4-hour promise). The real server answers `GET /api/operator/service/month` for the last whole Hong Kong
 * month, every district, SERVICE_ROUNDS times (default 5) after one warm-up; the open episodes likewise
 * (SERVICE_ENGINES=sqlite or postgres for one engine). Writes
 * bench/results/<date>-service-report.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { machinesCsv } from '../../testkit/fixtures/machinesCsv';
import { startPgCluster } from '../../testkit/pg/cluster';
import { createTestDatabase } from '../../testkit/pg/database';
import { median } from '../stats';
import { emptyServerEnv, startServerProcess } from './serverProcess';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MACHINES = Number(process.env.SERVICE_MACHINES ?? 1000);
const DAYS = Number(process.env.SERVICE_DAYS ?? 365);
const ROUNDS = Number(process.env.SERVICE_ROUNDS ?? 5);
/** `sqlite`, `postgres` or both (the default), comma-separated. */
const ENGINES = (process.env.SERVICE_ENGINES ?? 'sqlite,postgres').split(',');
const TOKEN = 'bench-admin-token-0123456789';
const SERVER_START_TIMEOUT_MS = 300_000;
const CHANGE_S = 900;
const CYCLE = 48;
const ENTRIES = (DAYS * 24 * 3600) / CHANGE_S;
const START_S = Math.floor(Date.now() / 1000) - DAYS * 24 * 3600;

/** The history of every machine: entry n of machine k, its status by where n falls in the machine's cycle. */
function historySql(time: (seconds: string) => string): string {
  const full = `(4 + k % 17)`;
  const p = `((n + k * 7) % ${CYCLE})`;
  return `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated)
    SELECT id, ${time(`${START_S} + n * ${CHANGE_S} + (k * 37) % ${CHANGE_S}`)},
      CASE WHEN ${p} >= ${CYCLE} - ${full} THEN 'Full'
           WHEN ${p} >= ${CYCLE} - ${full} - 4 THEN '<=5%'
           WHEN ${p} % 2 = 0 THEN '>40%' ELSE '<=40%' END,
      FALSE, 0, FALSE
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM machines) m CROSS JOIN series`;
}

const SQLITE_SERIES = `WITH RECURSIVE series(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM series WHERE n < ${ENTRIES - 1})`;
const PG_SERIES = `WITH series(n) AS (SELECT generate_series(0, ${ENTRIES - 1}))`;

function importMachines(env: NodeJS.ProcessEnv, dir: string): Promise<void> {
  const file = path.join(dir, 'machines.csv');
  writeFileSync(file, machinesCsv(MACHINES, '>40%'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/import.ts', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`)))),
  );
}

async function fillSqlite(file: string): Promise<void> {
  const db = new Database(file);
  db.exec('DELETE FROM machine_history');
  db.exec(`${SQLITE_SERIES} ${historySql((s) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${s}, 'unixepoch')`)}`);
  db.exec('ANALYZE');
  db.close();
}

async function fillPg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DELETE FROM machine_history');
  const time = (s: string) => `to_char(to_timestamp(${s}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await client.query(`${PG_SERIES} ${historySql(time)}`);
  await client.query('VACUUM ANALYZE machine_history');
  await client.end();
}

/** The last whole Hong Kong month. */
function lastMonth(): string {
  const hongKong = new Date(Date.now() + 8 * 3600 * 1000);
  return new Date(Date.UTC(hongKong.getUTCFullYear(), hongKong.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

async function timed(url: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

async function measure(engine: string, env: NodeJS.ProcessEnv, dir: string, fill: () => Promise<void>) {
  await importMachines(env, dir);
  const filling = performance.now();
  await fill();
  const fillS = (performance.now() - filling) / 1000;
  const { url, child } = await startServerProcess(env, SERVER_START_TIMEOUT_MS);
  try {
    const month = lastMonth();
    const monthUrl = `${url}/api/operator/service/month?month=${month}`;
    const openUrl = `${url}/api/operator/service/open`;
    const first = await timed(monthUrl);
    const figures = (first.body as { figures: { episodes: number; kept: number; broken: number } }).figures;
    const monthMs: number[] = [];
    const openMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      monthMs.push((await timed(monthUrl)).ms);
      openMs.push((await timed(openUrl)).ms);
    }
    const result = {
      engine,
      month,
      fillSeconds: Math.round(fillS),
      firstMonthMs: Math.round(first.ms),
      monthMedianMs: Math.round(median(monthMs)),
      monthMaxMs: Math.round(Math.max(...monthMs)),
      openMedianMs: Math.round(median(openMs)),
      episodes: figures.episodes,
      kept: figures.kept,
      broken: figures.broken,
    };
    console.info(JSON.stringify(result));
    return result;
  } finally {
    child.kill();
  }
}

async function main(): Promise<void> {
  const results: Result[] = [];
  if (ENGINES.includes('sqlite')) await measureSqlite(results);
  if (ENGINES.includes('postgres')) await measurePg(results);
  writeRecord(results);
}

type Result = Awaited<ReturnType<typeof measure>>;

async function measureSqlite(results: Result[]): Promise<void> {
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'rvm-service-sqlite-'));
  try {
    const env = emptyServerEnv(sqliteDir, { RVM_ADMIN_TOKEN: TOKEN });
    results.push(await measure('SQLite', env, sqliteDir, () => fillSqlite(env.RVM_DB)));
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
}

async function measurePg(results: Result[]): Promise<void> {
  const cluster = await startPgCluster();
  const pgDir = mkdtempSync(path.join(tmpdir(), 'rvm-service-pg-'));
  try {
    const database = await createTestDatabase(cluster.adminUrl);
    try {
      const env = emptyServerEnv(pgDir, { RVM_ADMIN_TOKEN: TOKEN, RVM_DATABASE_URL: database.url });
      results.push(await measure(`PostgreSQL ${cluster.version}`, env, pgDir, () => fillPg(database.url)));
    } finally {
      await database.drop();
    }
  } finally {
    await cluster.stop();
    rmSync(pgDir, { recursive: true, force: true });
  }
}

function writeRecord(results: Result[]): void {
  const record = {
    at: new Date().toISOString(),
    machines: MACHINES,
    days: DAYS,
    historyEntries: MACHINES * ENTRIES,
    rounds: ROUNDS,
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    loadAverage: loadavg(),
    node: process.version,
    results,
  };
  const out = path.join(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${record.at.slice(0, 16).replace(':', '')}-service-report.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.info(`written ${path.relative(ROOT, file)}`);
}

await main();
