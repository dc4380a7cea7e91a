/**
 * Issue 63 row 2 at full size, run by hand against the compiled server (`npm run stress:webhook`):
 *
 *   npm run build:server && npx tsx tests/stress/webhookReceiverFlood.ts [--server path/to/main.js] [--gigabytes 4]
 *
 * A receiver on this host answers every webhook with 500 and a body of `--gigabytes` GB, written as fast as the
 * server reads it. The server (SQLite, alerts evaluated every 5 s, 127.0.0.1 allowed by RVM_WEBHOOK_ALLOW_NETWORKS)
 * has `--webhooks` webhooks and a rule that opens an alert for each of `--machines` machines that stopped
 * reporting, so every delivery fails and is retried for `--seconds`. The server's resident memory is read from
 * /proc every 100 ms: before the alerts, at its peak, and after. tests/server/webhookReceivers.test.ts runs the same
 * receiver scaled down on every test run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { builtServerFile } from '../../scripts/build/serverBuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'stress-admin-token-0123456789';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: builtServerFile('main') },
    gigabytes: { type: 'string', default: '4' },
    webhooks: { type: 'string', default: '4' },
    machines: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '90' },
    /** The run stops and reports when the server's memory passes this: a machine shared with others. */
    'abort-rss-mb': { type: 'string', default: '2500' },
  },
});
const BODY_BYTES = Math.round(Number(values.gigabytes) * 1024 ** 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The receiver: 500, and a body that goes on until it is all written or the server stops reading.
const attempts: { written: number; ms: number }[] = [];
const chunk = Buffer.alloc(1024 * 1024, 'INTERNAL-SECRET: the receiver says too much. ');
const receiver = http.createServer((request, response) => {
  request.resume();
  request.once('end', () => {
    const started = performance.now();
    const attempt = { written: 0, ms: 0 };
    attempts.push(attempt);
    response.writeHead(500, { 'content-type': 'text/plain', 'content-length': String(BODY_BYTES) });
    const writeMore = (): void => {
      while (attempt.written < BODY_BYTES && !response.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, BODY_BYTES - attempt.written));
        attempt.written += piece.length;
        if (!response.write(piece)) return void response.once('drain', writeMore);
      }
      response.end();
    };
    response.once('close', () => (attempt.ms = performance.now() - started));
    writeMore();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverPort = (receiver.address() as AddressInfo).port;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-webhook-flood-'));
const child = spawn(process.execPath, [values.server], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    RVM_DB: path.join(dir, 'rvm.sqlite'),
    RVM_FILES: path.join(dir, 'files'),
    RVM_STATIC: path.join(dir, 'no-dist'),
    RVM_ADMIN_TOKEN: TOKEN,
    RVM_ALERT_INTERVAL_S: '5',
    RVM_WEBHOOK_ALLOW_NETWORKS: '127.0.0.1',
    RVM_LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let exitCode: number | string | null = null;
let lastLog = '';
child.stderr.on('data', (data: Buffer) => (lastLog = (lastLog + data.toString()).slice(-2000)));
child.once('exit', (code, signal) => (exitCode = code ?? signal));
const port = await new Promise<number>((resolve, reject) => {
  let stdout = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout);
    if (match) resolve(Number(match[1]));
  });
  child.once('exit', () => reject(new Error(`the server exited before listening (${exitCode}): ${lastLog}`)));
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

const call = async (method: string, route: string, body?: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
};

try {
  const rssStart = rssMb();
  const webhookIds: number[] = [];
  for (let i = 0; i < Number(values.webhooks); i++) {
    const made = await call('POST', '/api/operator/webhooks', { url: `http://127.0.0.1:${receiverPort}/hook/${i}` });
    webhookIds.push((made.webhook as { id: number }).id);
  }
  await call('POST', '/api/operator/alert-rules', { kind: 'notReporting', minutes: 1 });
  const { rvms } = (await (await fetch(`${base}/api/rvm/`, { method: 'POST' })).json()) as { rvms: { id: string }[] };
  const silentSince = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  for (const { id } of rvms.slice(0, Number(values.machines))) {
    await call('PATCH', `/api/operator/machines/${id}`, { last_online: silentSince });
  }
  const rssBefore = rssMb();
  console.log(
    `server RSS ${rssStart.toFixed(0)} MB at start, ${rssBefore.toFixed(0)} MB with ${webhookIds.length} webhooks; ` +
      `each answer offers ${values.gigabytes} GB`,
  );

  const until = performance.now() + Number(values.seconds) * 1000;
  while (performance.now() < until && !aborted && exitCode === null) {
    await sleep(10_000);
    const streamed = attempts.reduce((sum, attempt) => sum + attempt.written, 0);
    console.log(
      `${attempts.length} attempts, ${(streamed / 1024 ** 2).toFixed(0)} MB written by the receiver, ` +
        `server RSS ${rssMb().toFixed(0)} MB (peak ${peakRss.toFixed(0)})`,
    );
  }
  const rssAfter = rssMb();
  const logged =
    aborted || exitCode !== null
      ? []
      : ((await call('GET', `/api/operator/webhooks/${webhookIds[0]}/deliveries`)).deliveries as {
          lastError: string | null;
        }[]);
  const written = attempts.map((attempt) => attempt.written).sort((a, b) => a - b);
  const report = {
    server: path.relative(ROOT, values.server),
    bodyOfferedPerAnswerGb: Number(values.gigabytes),
    attempts: attempts.length,
    receiverWroteMb: {
      total: Math.round(written.reduce((sum, bytes) => sum + bytes, 0) / 1024 ** 2),
      medianPerAttempt: Number(((written[Math.floor(written.length / 2)] ?? 0) / 1024 ** 2).toFixed(1)),
      maxPerAttempt: Number(((written.at(-1) ?? 0) / 1024 ** 2).toFixed(1)),
    },
    longestAttemptMs: Math.round(Math.max(0, ...attempts.map((attempt) => attempt.ms))),
    rssMb: {
      start: Math.round(rssStart),
      before: Math.round(rssBefore),
      peak: Math.round(peakRss),
      after: Math.round(rssAfter),
    },
    peakOverStartMb: Math.round(peakRss - rssStart),
    loggedErrors: [...new Set(logged.map((delivery) => delivery.lastError))],
    crashed: exitCode !== null && !aborted ? exitCode : false,
    aborted,
    loadAverage: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  };
  if (exitCode !== null && !aborted) console.log(`the server exited (${exitCode}); its last words:\n${lastLog}`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
  receiver.closeAllConnections();
  receiver.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
