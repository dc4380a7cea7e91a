// Load test of the real server on loopback with the demo data: `npx tsx bench/load.ts`.
// LOAD_SECONDS (default 10) and LOAD_CONNECTIONS (default 10) per scenario. Exits 1 on any error or unexpected status.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_FILE = path.join(ROOT, 'bench/results/load.json');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 1;
const REQUEST_TIMEOUT_S = 10;
const SERVER_START_TIMEOUT_MS = 60_000;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Every answer must have this status; anything else counts against the run. */
  expect: number;
}

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  unexpectedStatus: number;
}

function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      RVM_DB: path.join(dataDir, 'rvm.sqlite'),
      RVM_FILES: path.join(dataDir, 'files'),
      RVM_STATIC: path.join(dataDir, 'no-page'),
      RVM_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start')), SERVER_START_TIMEOUT_MS);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function run(url: string, scenario: Scenario, seconds: number): Promise<Result> {
  return autocannon({
    url: url + scenario.path,
    method: scenario.method,
    headers: scenario.headers,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
  });
}

function toRow(scenario: Scenario, result: Result): Row {
  const expected = result.statusCodeStats[String(scenario.expect)]?.count ?? 0;
  const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    errors: result.errors + result.timeouts,
    unexpectedStatus: answered - expected,
  };
}

function markdown(rows: readonly Row[]): string {
  const lines = [
    '| scenario | requests/s | p50 ms | p99 ms | requests | errors | unexpected status |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.errors} | ${r.unexpectedStatus} |`,
    ),
  ];
  return lines.join('\n');
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rvm-load-'));
  const { url, child } = await startServer(dataDir);
  try {
    const list = await fetch(`${url}/api/rvm/`, { method: 'POST' });
    const etag = list.headers.get('etag') ?? '';
    const { rvms } = (await list.json()) as { rvms: { picture?: { id: string } }[] };
    const photoId = rvms.find((m) => m.picture)?.picture?.id;
    if (!etag || !photoId) throw new Error('the demo data gave no ETag or no photo');

    const scenarios: Scenario[] = [
      { name: `POST /api/rvm/ (${rvms.length} machines)`, method: 'POST', path: '/api/rvm/', expect: 200 },
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
      await run(url, scenario, WARM_UP_SECONDS);
      rows.push(toRow(scenario, await run(url, scenario, SECONDS)));
      console.error(`done: ${scenario.name}`);
    }

    const cpu = cpus();
    const machine = {
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
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
      `${cpu.length} cores (${machine.cpu}), node ${process.version}, load average ${machine.loadAverage1m}, ` +
        `${CONNECTIONS} connections, ${SECONDS} s each\n`,
    );
    console.log(markdown(rows));
    return rows.some((r) => r.errors > 0 || r.unexpectedStatus > 0) ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Bounded even if something hangs: every scenario's warm-up and run, plus start-up.
const BUDGET_MS = (4 * (SECONDS + WARM_UP_SECONDS) + 90) * 1000;
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
