/**
 * The service levels at scale (issue 67, decision 0074): `npm run bench:service`. SERVICE_MACHINES machines (default
 * 1,000) with SERVICE_DAYS of history (default 365) at a change every 15 minutes, on SQLite and on PostgreSQL (a
 * throwaway cluster), SERVICE_ENGINES=sqlite or postgres for one. Times the real server's month report for the last
 * whole Hong Kong month, every district, the open episodes and the month's CSV, SERVICE_ROUNDS times each (default
 * 5) after a warm-up; also the fill and the start that makes the episodes (migration 19). Writes
 * bench/results/<date>-service-report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { runPg, runSqlite, type EngineResult, type RunOptions } from './service/engines';
import { fleetSpan } from './service/fleetHistory';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MACHINES = Number(process.env.SERVICE_MACHINES ?? 1000);
const DAYS = Number(process.env.SERVICE_DAYS ?? 365);
const ENGINES = (process.env.SERVICE_ENGINES ?? 'sqlite,postgres').split(',');

const options: RunOptions = {
  machines: MACHINES,
  span: fleetSpan(DAYS),
  rounds: Number(process.env.SERVICE_ROUNDS ?? 5),
  token: 'bench-admin-token-0123456789',
};

const results: EngineResult[] = [];
if (ENGINES.includes('sqlite')) results.push(await runSqlite(options));
if (ENGINES.includes('postgres')) results.push(await runPg(options));

const record = {
  at: new Date().toISOString(),
  machines: MACHINES,
  days: DAYS,
  historyEntries: MACHINES * options.span.entries,
  rounds: options.rounds,
  cores: cpus().length,
  cpu: cpus()[0]?.model,
  loadAverage: loadavg(),
  node: process.version,
  results,
};
const file = path.join(ROOT, 'bench/results', `${record.at.slice(0, 16).replace(':', '')}-service-report.json`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.info(`written ${path.relative(ROOT, file)}`);
