/**
 * The service levels at scale (issue 67, decision 0074): `npm run bench:service`. SERVICE_MACHINES machines (default
 * 1,000) with SERVICE_DAYS of history (default 365) at a change every 15 minutes, on SQLite and on PostgreSQL (a
 * throwaway cluster), SERVICE_ENGINES=sqlite or postgres for one. Times the real server's month report for the last
 * whole Hong Kong month, every district, the open episodes and the month's CSV, SERVICE_ROUNDS times each (default
 * 20) after a warm-up; also the fill (history and episodes) and the server's start. SERVICE_BACKFILL=1 leaves the
 * episodes to migration 19 at the start and times it (an upgrade's cost). A quick run: SERVICE_MACHINES=100
 * SERVICE_DAYS=62. Writes bench/results/<time>-service-report-<engines>.json.
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
  days: DAYS,
  backfill: process.env.SERVICE_BACKFILL === '1',
  rounds: Number(process.env.SERVICE_ROUNDS ?? 20),
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
  backfill: options.backfill,
  cores: cpus().length,
  cpu: cpus()[0]?.model,
  loadAverage: loadavg(),
  node: process.version,
  results,
};
const stamp = record.at.slice(0, 19).replaceAll(':', '');
const file = path.join(ROOT, 'bench/results', `${stamp}-service-report-${ENGINES.join('-')}.json`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.info(`written ${path.relative(ROOT, file)}`);
