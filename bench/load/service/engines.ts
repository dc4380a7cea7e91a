/**
 * One engine's run of `npm run bench:service`: a fresh database with the machines imported by the real import
 * command, the year of history, then the real server, whose start applies migration 19 (the episodes made from the
 * history), and the timed requests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machinesCsv } from '../../../testkit/fixtures/machinesCsv';
import { startPgCluster } from '../../../testkit/pg/cluster';
import { createTestDatabase } from '../../../testkit/pg/database';
import { emptyServerEnv, startServerProcess } from '../serverProcess';
import { fillPg, fillSqlite, type Filled, type FleetSpan } from './fleetHistory';
import { timeRequests } from './timings';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The server's start makes a year's episodes for 1,000 machines first. */
const SERVER_START_TIMEOUT_MS = 30 * 60_000;

export interface RunOptions {
  machines: number;
  span: FleetSpan;
  /** Days of history: the server keeps them all (its default retention of 90 days would prune at its start). */
  days: number;
  /** Migration 19 makes the episodes at the server's start, timed; else the fill writes them. */
  backfill: boolean;
  rounds: number;
  token: string;
}

/** The machines, imported by the real import command into the database of `env`. */
export function importMachines(env: NodeJS.ProcessEnv, dir: string, machines: number): Promise<void> {
  const file = path.join(dir, 'machines.csv');
  writeFileSync(file, machinesCsv(machines, '>40%'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/import.ts', file], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`import exited ${code}`)))),
  );
}

const serverEnv = (options: RunOptions) => ({
  RVM_ADMIN_TOKEN: options.token,
  RVM_HISTORY_RETENTION_DAYS: String(options.days + 31),
});

const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

async function run(
  engine: string,
  env: NodeJS.ProcessEnv,
  dir: string,
  fill: () => Filled | Promise<Filled>,
  options: RunOptions,
) {
  await importMachines(env, dir, options.machines);
  const filling = performance.now();
  const { episodes } = await fill();
  const fillSeconds = seconds(filling);
  const starting = performance.now();
  const { url, child } = await startServerProcess(env, SERVER_START_TIMEOUT_MS);
  const startSeconds = seconds(starting);
  try {
    const result = {
      engine,
      fillSeconds,
      storedEpisodes: options.backfill ? null : episodes,
      // The server's start: migration 19 making the episodes from the history when `backfill`.
      [options.backfill ? 'migrationSeconds' : 'startSeconds']: startSeconds,
      ...(await timeRequests(url, options.token, options.rounds)),
    };
    console.info(JSON.stringify(result));
    return result;
  } finally {
    child.kill();
  }
}

export type EngineResult = Awaited<ReturnType<typeof run>>;

export async function runSqlite(options: RunOptions): Promise<EngineResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rvm-service-sqlite-'));
  try {
    const env = emptyServerEnv(dir, serverEnv(options));
    return await run('SQLite', env, dir, () => fillSqlite(env.RVM_DB, options.span, options), options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runPg(options: RunOptions): Promise<EngineResult> {
  const cluster = await startPgCluster();
  const dir = mkdtempSync(path.join(tmpdir(), 'rvm-service-pg-'));
  try {
    const database = await createTestDatabase(cluster.adminUrl);
    try {
      const env = emptyServerEnv(dir, { ...serverEnv(options), RVM_DATABASE_URL: database.url });
      const fill = () => fillPg(database.url, options.span, options);
      return await run(`PostgreSQL ${cluster.version}`, env, dir, fill, options);
    } finally {
      await database.drop();
    }
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
