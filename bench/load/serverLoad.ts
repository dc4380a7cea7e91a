// Load test of the real server on loopback with the demo data: `npm run load`. Three setups: SQLite with one
// instance, PostgreSQL with one, PostgreSQL with two (two processes on one database, the connections split between
// them); PostgreSQL is a throwaway cluster (testkit/pg/cluster.ts). LOAD_SECONDS (default 10) and
// LOAD_CONNECTIONS (default 10) per scenario. Exits 1 on any error or unexpected status.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startPgCluster } from '../../testkit/pg/cluster';
import { createTestDatabase } from '../../testkit/pg/database';
import { startServerProcess } from './serverProcess';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS_FILE = path.join(ROOT, 'bench/results/load.json');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 1;
const REQUEST_TIMEOUT_S = 10;
const SERVER_START_TIMEOUT_MS = 60_000;
const ADMIN_TOKEN = 'load-test-operator-token-0123';
/** PATCHes a second during the mixed scenario: an operator's pace, under the limit of 300 a minute per instance. */
const PATCHES_PER_SECOND = 4;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Every answer must have this status; anything else counts against the run. */
  expect: number;
}

interface Row {
  setup: string;
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  unexpectedStatus: number;
}

function startServer(dataDir: string, databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  return startServerProcess(
    {
      RVM_DB: path.join(dataDir, 'rvm.sqlite'),
      RVM_FILES: path.join(dataDir, 'files'),
      RVM_STATIC: path.join(dataDir, 'no-page'),
      RVM_DATABASE_URL: databaseUrl,
      RVM_ADMIN_TOKEN: ADMIN_TOKEN,
      RVM_LOG_LEVEL: 'error',
    },
    SERVER_START_TIMEOUT_MS,
  );
}

/** The connections split evenly over the instances, all at once. */
function run(urls: readonly string[], scenario: Scenario, seconds: number): Promise<Result[]> {
  return Promise.all(
    urls.map((url) =>
      autocannon({
        url: url + scenario.path,
        method: scenario.method,
        headers: scenario.headers,
        connections: Math.max(1, Math.round(CONNECTIONS / urls.length)),
        duration: seconds,
        timeout: REQUEST_TIMEOUT_S,
      }),
    ),
  );
}

/** One row for the instances' results: requests/s summed; p50 and p99 the highest of them (no merged histogram). */
function toRow(setup: string, scenario: Scenario, results: readonly Result[], extra: Partial<Row> = {}): Row {
  const count = (result: Result, status?: string) =>
    Object.entries(result.statusCodeStats)
      .filter(([code]) => status === undefined || code === status)
      .reduce((sum, [, { count }]) => sum + count, 0);
  const answered = results.reduce((sum, result) => sum + count(result), 0);
  const expected = results.reduce((sum, result) => sum + count(result, String(scenario.expect)), 0);
  return {
    setup,
    scenario: scenario.name,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    requests: answered,
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    unexpectedStatus: answered - expected,
    ...extra,
  };
}

/**
 * PATCHes at an operator's pace, alternating over the instances and between two statuses, until `stop`; their
 * latencies and any answer but 200.
 */
function patchLoop(urls: readonly string[]): { stop(): Promise<{ latencies: number[]; failed: number }> } {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const started = performance.now();
      try {
        const response = await fetch(`${urls[n % urls.length]}/api/operator/machines/RVM-001`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
          body: JSON.stringify({ status: n % 2 === 0 ? 'Full' : '>40%' }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 1000 / PATCHES_PER_SECOND));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { latencies, failed };
    },
  };
}

function markdown(rows: readonly Row[]): string {
  const lines = [
    '| setup | scenario | requests/s | p50 ms | p99 ms | requests | errors | unexpected status |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.setup} | ${r.scenario} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.errors} | ${r.unexpectedStatus} |`,
    ),
  ];
  return lines.join('\n');
}

interface Setup {
  name: string;
  instances: number;
  postgres: boolean;
}

const SETUPS: Setup[] = [
  { name: 'SQLite, 1 instance', instances: 1, postgres: false },
  { name: 'PostgreSQL, 1 instance', instances: 1, postgres: true },
  { name: 'PostgreSQL, 2 instances', instances: 2, postgres: true },
];

async function runSetup(setup: Setup, databaseUrl: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rvm-load-'));
  const servers: { url: string; child: ChildProcess }[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < setup.instances; i++) servers.push(await startServer(dataDir, databaseUrl));
    const urls = servers.map((server) => server.url);
    // identity: autocannon asks for no encoding, and each encoding has its own ETag (fetch would ask for Brotli).
    const list = await fetch(`${urls[0]}/api/rvm/`, { method: 'POST', headers: { 'accept-encoding': 'identity' } });
    const etag = list.headers.get('etag') ?? '';
    const { rvms } = (await list.json()) as { rvms: { picture?: { id: string } }[] };
    const photoId = rvms.find((m) => m.picture)?.picture?.id;
    if (!etag || !photoId) throw new Error('the demo data gave no ETag or no photo');

    const listCall: Scenario = {
      name: `POST /api/rvm/ (${rvms.length} machines)`,
      method: 'POST',
      path: '/api/rvm/',
      expect: 200,
    };
    const scenarios: Scenario[] = [
      listCall,
      {
        name: 'POST /api/rvm/ with If-None-Match',
        method: 'POST',
        path: '/api/rvm/',
        headers: { 'if-none-match': etag },
        expect: 304,
      },
      { name: 'GET /api/file/:id (a demo photo)', method: 'GET', path: `/api/file/${photoId}`, expect: 200 },
      {
        name: 'GET /api/file/:id with If-None-Match',
        method: 'GET',
        path: `/api/file/${photoId}`,
        headers: { 'if-none-match': `"${photoId}"` },
        expect: 304,
      },
    ];
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      await run(urls, scenario, WARM_UP_SECONDS);
      rows.push(toRow(setup.name, scenario, await run(urls, scenario, SECONDS)));
      console.error(`done: ${setup.name}: ${scenario.name}`);
    }
    // Mixed: the list call at full load while an operator PATCHes; every PATCH changes the list, so it is rebuilt.
    const patches = patchLoop(urls);
    const mixed = await run(urls, listCall, SECONDS);
    const { latencies, failed } = await patches.stop();
    latencies.sort((x, y) => x - y);
    const patchP99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
    rows.push(toRow(setup.name, { ...listCall, name: `list call + ${PATCHES_PER_SECOND} PATCH/s (list)` }, mixed), {
      setup: setup.name,
      scenario: `list call + ${PATCHES_PER_SECOND} PATCH/s (PATCH)`,
      requestsPerSecond: Math.round(latencies.length / SECONDS),
      p50Ms: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      p99Ms: Math.round(patchP99),
      requests: latencies.length,
      errors: failed,
      unexpectedStatus: 0,
    });
    console.error(`done: ${setup.name}: mixed`);
    return rows;
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const cluster = await startPgCluster();
  const rows: Row[] = [];
  try {
    for (const setup of SETUPS) {
      const database = setup.postgres ? await createTestDatabase(cluster.adminUrl) : null;
      try {
        rows.push(...(await runSetup(setup, database?.url ?? '')));
      } finally {
        await database?.drop();
      }
    }
  } finally {
    await cluster.stop();
  }

  const cpu = cpus();
  const machine = {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: cluster.version,
    // Other work on the machine skews the numbers: recorded so a reader can tell.
    loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
    date: new Date().toISOString(),
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ machine, secondsPerScenario: SECONDS, connections: CONNECTIONS, rows }, null, 2)}\n`,
  );
  console.log(
    `${cpu.length} cores (${machine.cpu}), node ${process.version}, PostgreSQL ${cluster.version}, load average ` +
      `${machine.loadAverage1m}, ${CONNECTIONS} connections, ${SECONDS} s each\n`,
  );
  console.log(markdown(rows));
  return rows.some((r) => r.errors > 0 || r.unexpectedStatus > 0) ? 1 : 0;
}

// Bounded even if something hangs: every scenario's warm-up and run, plus start-up.
const BUDGET_MS = (SETUPS.length * (5 * (SECONDS + WARM_UP_SECONDS) + 60) + 60) * 1000;
setTimeout(() => {
  console.error(`the load test ran past its ${BUDGET_MS / 1000} s budget`);
  process.exit(2);
}, BUDGET_MS).unref();

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
