/**
 * The event-stream flood of issue 43 at full size, run by hand against the compiled server:
 *
 *   npm run build:server && npx tsx tests/stress/eventStreamFlood.ts [--server path/to/main.js]
 *
 * 200 sockets ask for /api/events and never read; 900 operator PATCHes (paced at the operator's rate limit, 300 a
 * minute) change machines that each carry an 8 KB unknown field, as an import allows; after two thirds of them,
 * 200 anonymous sockets ask for a replay from the oldest change a replay could send, and never read either. A
 * client that reads times each event against its PATCH. Then 5,000 streams over one address's cap, to count the
 * log lines they cost. The server's resident memory is read from /proc every 100 ms. tests/server/
 * eventBackpressure.test.ts runs the same clients scaled down on every test run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { builtServerFile } from '../../scripts/build/serverBuild';
import {
  closedByServer,
  openReadingStream,
  openStalledStream,
  writeMachinesWithLargeExtras,
} from '../server/streamFlood';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'stress-admin-token-0123456789';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: builtServerFile('main') },
    stalled: { type: 'string', default: '200' },
    patches: { type: 'string', default: '900' },
    replays: { type: 'string', default: '200' },
    'replay-back': { type: 'string', default: '499' },
    'patches-per-minute': { type: 'string', default: '300' },
    'extra-bytes': { type: 'string', default: '7900' },
    refusals: { type: 'string', default: '5000' },
    'settle-s': { type: 'string', default: '40' },
    /** The run stops and reports when the server's memory passes this: a machine shared with others. */
    'abort-rss-mb': { type: 'string', default: '2500' },
    /** Node's heap cap for the server (--max-old-space-size), MB; none by default. */
    'heap-mb': { type: 'string' },
  },
});
const STALLED = Number(values.stalled);
const PATCHES = Number(values.patches);
const REPLAYS = Number(values.replays);
const PER_ADDRESS = 50;

// This process's own stalls, to tell a late event the server sent late from one this side read late.
const clientLag = monitorEventLoopDelay({ resolution: 10 });
clientLag.enable();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-stream-flood-'));
const seedPath = path.join(dir, 'machines.json');
const nextChange = writeMachinesWithLargeExtras(
  path.join(ROOT, 'assets/demo/machines.json'),
  seedPath,
  Number(values['extra-bytes']),
);

const heapCap = values['heap-mb'] ? [`--max-old-space-size=${values['heap-mb']}`] : [];
const child = spawn(process.execPath, [...heapCap, values.server], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    RVM_DB: path.join(dir, 'rvm.sqlite'),
    RVM_FILES: path.join(dir, 'files'),
    RVM_STATIC: path.join(dir, 'no-dist'),
    RVM_SEED: seedPath,
    RVM_SEED_PHOTOS: path.join(ROOT, 'assets/photos'),
    RVM_ADMIN_TOKEN: TOKEN,
    RVM_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let logLines = 0;
let lastLog = '';
let exitCode: number | string | null = null;
child.stderr.on('data', (chunk: Buffer) => {
  const text = chunk.toString();
  logLines += text.split('\n').length - 1;
  lastLog = (lastLog + text).slice(-2000);
});
const exited = new Promise<void>((resolve) =>
  child.once('exit', (code, signal) => {
    exitCode = code ?? signal;
    resolve();
  }),
);

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
let peakRss = 0;
let aborted = false;
const sampler = setInterval(() => {
  const rss = rssMb();
  peakRss = Math.max(peakRss, rss);
  if (rss > Number(values['abort-rss-mb']) && !aborted) {
    aborted = true;
    console.log(`aborting: the server's RSS passed ${values['abort-rss-mb']} MB`);
    child.kill('SIGKILL');
  }
}, 100);
const serverGone = () => aborted || exitCode !== null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 127.0.x.y: a client address of its own for each `PER_ADDRESS` streams, under the server's cap per address. */
const address = (group: number, i: number) => `127.0.${group}.${2 + Math.floor(i / PER_ADDRESS)}`;

try {
  await (await fetch(`${base}/api/rvm/`, { method: 'POST' })).arrayBuffer();
  await sleep(1_000);
  const rssStart = rssMb();
  const reader = await openReadingStream(`${base}/api/events`, '127.0.0.1');
  const head = (await reader.until('ready')).id;
  const processId = head.split('.')[0]!;
  const stalled: net.Socket[] = [];
  for (let i = 0; i < STALLED; i++) stalled.push(await openStalledStream(port, '/api/events', address(0, i)));
  const rssBefore = rssMb();
  console.log(
    `server RSS ${rssStart.toFixed(0)} MB at start, ${rssBefore.toFixed(0)} MB with ${STALLED} stalled streams`,
  );

  const sentAt: number[] = [];
  let rateLimited = 0;
  const replaying: Promise<net.Socket[]>[] = [];
  const gapMs = 60_000 / Number(values['patches-per-minute']);
  const started = performance.now();
  for (let i = 0; i < PATCHES && !serverGone(); i++) {
    await sleep(Math.max(0, started + i * gapMs - performance.now()));
    const { id, status } = nextChange();
    for (;;) {
      // The time of the attempt that is taken: a 429's wait is the rate limit's, not the stream's.
      sentAt[i] = performance.now();
      const response = await fetch(`${base}/api/operator/machines/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ status }),
      }).catch(async (error: unknown) => {
        // A server that died takes a moment to be reported as exited after its sockets close.
        await Promise.race([exited, sleep(2_000)]);
        if (serverGone()) return null;
        throw error;
      });
      if (!response) break;
      await response.arrayBuffer();
      if (response.status === 200) break;
      if (response.status !== 429) throw new Error(`PATCH answered ${response.status}`);
      rateLimited += 1;
      await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000);
    }
    if (i === Math.floor((PATCHES * 2) / 3)) {
      const from = `${processId}.${Math.max(0, i + 1 - Number(values['replay-back']))}`;
      console.log(`after ${i + 1} changes: ${REPLAYS} anonymous streams ask for a replay from ${from}`);
      replaying.push(
        Promise.all(
          Array.from({ length: REPLAYS }, (_, r) =>
            openStalledStream(port, `/api/events?lastEventId=${encodeURIComponent(from)}`, address(1, r)),
          ),
        ),
      );
    }
    if (i % 100 === 99)
      console.log(`${i + 1} changes, server RSS ${rssMb().toFixed(0)} MB (peak ${peakRss.toFixed(0)})`);
  }
  const replayed = (await Promise.all(replaying.map((p) => p.catch(() => [])))).flat();
  const machineEvents = () => reader.events.filter((e) => e.type === 'machine');
  const deadline = performance.now() + 10_000;
  while (machineEvents().length < sentAt.length && performance.now() < deadline) await sleep(100);
  const latencies = machineEvents().map((event, i) => event.at - sentAt[i]!);

  if (!serverGone()) console.log(`settling ${values['settle-s']} s (a stream blocked for 30 s is closed)`);
  if (!serverGone()) await sleep(Number(values['settle-s']) * 1000);
  const rssAfter = rssMb();
  // Once the server is gone every socket is closed, by it or not: only a live server's closings count.
  const closedBy = (sockets: net.Socket[]) =>
    serverGone() ? Promise.resolve([]) : Promise.all(sockets.map((socket) => closedByServer(socket, 5_000)));
  const closed = await closedBy(stalled);
  const replaysClosed = await closedBy(replayed);

  // One address with its 50 streams open, then asking for thousands more.
  const flooder = address(2, 0);
  const held: net.Socket[] = [];
  for (let i = 0; i < PER_ADDRESS && !serverGone(); i++)
    held.push(await openStalledStream(port, '/api/events', flooder));
  const linesBefore = logLines;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20, localAddress: flooder });
  const statusOf = () =>
    new Promise<number>((resolve) => {
      http
        .get(`${base}/api/events`, { agent }, (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        })
        .once('error', () => resolve(0));
    });
  let refused = 0;
  for (let batch = 0; batch < Number(values.refusals) / 100 && !serverGone(); batch++) {
    const answers = await Promise.all(Array.from({ length: 100 }, statusOf));
    refused += answers.filter((s) => s === 503).length;
  }
  agent.destroy();
  for (const socket of held) socket.destroy();
  await sleep(500);

  const report = {
    server: path.relative(ROOT, values.server),
    stalled: STALLED,
    patches: sentAt.length,
    patchesRateLimitedAndRetried: rateLimited,
    eventsReceived: machineEvents().length,
    replays: REPLAYS,
    rssMb: { start: rssStart, before: rssBefore, peak: peakRss, after: rssAfter },
    stalledClosed: serverGone() ? 'the server is gone' : closed.filter(Boolean).length,
    replaysClosed: serverGone() ? 'the server is gone' : replaysClosed.filter(Boolean).length,
    healthyMaxLatencyMs: latencies.length ? Math.max(...latencies) : null,
    healthyWorstLatencies: latencies
      .map((ms, change) => ({ change: change + 1, ms: Math.round(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
    healthyP99LatencyMs: latencies.length
      ? [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)]
      : null,
    refusedStreams: refused,
    logLinesForRefusals: logLines - linesBefore,
    crashed: exitCode !== null && !aborted ? exitCode : false,
    aborted,
    changesBeforeTheServerWasGone: serverGone() ? sentAt.length : null,
    heapCapMb: values['heap-mb'] ?? null,
    clientEventLoopMaxLagMs: Math.round(clientLag.max / 1e6),
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  };
  if (exitCode !== null && !aborted) console.log(`the server exited (${exitCode}); its last words:\n${lastLog}`);
  console.log(JSON.stringify(report, null, 2));
  reader.close();
} finally {
  clearInterval(sampler);
  if (exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => (exitCode === null ? child.once('exit', resolve) : resolve(null)));
  fs.rmSync(dir, { recursive: true, force: true });
}
