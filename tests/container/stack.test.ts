/**
 * `npm run test:container`: the image built from the Dockerfile and the stack of compose.yaml brought up with
 * podman-compose, as an operator runs them, then checked and taken down. On the machines here, which reach no
 * image registry, the three base images are stand-ins built from Debian's packages under the official names
 * (scripts/container/stand-in-images.sh says so as it runs). Those and the app image are kept between runs, as
 * a build cache; everything else (containers, volumes, the network, temp files) is removed, and checked to be.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../server/helpers';
import { containerAddress, output, podman, ROOT, stream } from './podman';

const PROJECT = `rvmct${process.pid}`;
const IMAGE = 'localhost/rvm-locator:container-test';
const ADMIN_TOKEN = randomBytes(24).toString('hex');
const SHUTDOWN_LIMIT_MS = 5_000;
const startedAt = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let tempDir = '';
let httpsPort = 0;
let caddyCa = '';
let composeEnv: NodeJS.ProcessEnv = {};
/** The stack's containers by service. */
const containers: Record<'db' | 'app1' | 'app2' | 'caddy', string> = { db: '', app1: '', app2: '', caddy: '' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const compose = (...args: string[]) =>
  stream('[compose]', 'podman-compose', ['-p', PROJECT, '-f', 'compose.yaml', ...args], composeEnv);

/** A request through Caddy, over TLS checked against Caddy's own local CA (`tls internal`). */
function throughCaddy(
  method: string,
  requestPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', servername: 'localhost', port: httpsPort, method, path: requestPath, ca: caddyCa },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.setHeader('host', `localhost:${httpsPort}`);
    request.on('error', reject);
    request.end(method === 'POST' ? '' : undefined);
  });
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s; last: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const statusOf = async (url: string) => (await fetch(url)).status;

beforeAll(async () => {
  if (process.getuid?.() !== 0)
    throw new Error('npm run test:container runs podman as root (sudo npm run test:container)');
  for (const tool of ['podman', 'podman-compose']) await output('sh', ['-c', `command -v ${tool}`]);
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-container-test-'));

  let step = performance.now();
  await stream('[stand-ins]', path.join(ROOT, 'scripts/container/stand-in-images.sh'), []);
  console.log(`[test] base images ready in ${seconds(step)}`);

  step = performance.now();
  const commit = await output('git', ['rev-parse', '--short=7', 'HEAD']).catch(() => 'unknown');
  await stream('[build]', 'podman', [
    'build',
    '--format=docker',
    '--pull=never',
    '--network=host',
    `--build-arg=RVM_BUILD_COMMIT=${commit}`,
    `--tag=${IMAGE}`,
    '.',
  ]);
  const bytes = Number(await podman('image', 'inspect', '--format', '{{.Size}}', IMAGE));
  const base = Number(
    await podman('image', 'inspect', '--format', '{{.Size}}', 'docker.io/library/node:24-bookworm-slim'),
  );
  console.log(
    `[test] ${IMAGE} built in ${seconds(step)}: ${(bytes / 1e6).toFixed(0)} MB, ` +
      `${((bytes - base) / 1e6).toFixed(0)} MB above its base (kept, with the stand-ins, as a build cache)`,
  );

  step = performance.now();
  httpsPort = await freePort();
  composeEnv = {
    RVM_IMAGE: IMAGE,
    RVM_ADMIN_TOKEN: ADMIN_TOKEN,
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
    RVM_HTTP_PORT: String(await freePort()),
    RVM_HTTPS_PORT: String(httpsPort),
    RVM_SITE: 'localhost',
    RVM_TLS: 'internal',
  };
  await compose('up', '-d', '--no-build');
  for (const service of Object.keys(containers) as (keyof typeof containers)[]) {
    containers[service] = await podman(
      'ps',
      '--all',
      '--format',
      '{{.Names}}',
      '--filter',
      `label=io.podman.compose.project=${PROJECT}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
    );
    expect(containers[service], service).not.toBe('');
  }
  for (const app of ['app1', 'app2'] as const) {
    await waitFor(
      `${app} ready`,
      async () => statusOf(`http://${await containerAddress(containers[app])}:8080/api/health/ready`),
      (status) => status === 200,
      180_000,
    );
  }
  caddyCa = await waitFor(
    "Caddy's local CA",
    () => podman('exec', containers.caddy, 'cat', '/data/caddy/pki/authorities/local/root.crt'),
    (pem) => pem.includes('BEGIN CERTIFICATE'),
    60_000,
  );
  await waitFor(
    'the page through Caddy',
    () => throughCaddy('GET', '/'),
    (answer) => answer.status === 200,
    60_000,
  );
  console.log(`[test] the stack is up and ready in ${seconds(step)}`);
}, 60 * 60_000);

afterAll(async () => {
  const step = performance.now();
  if (composeEnv.RVM_IMAGE) {
    await compose('down', '--volumes');
    // podman-compose 1.0.3 leaves the network it made.
    const networks = await podman('network', 'ls', '--format', '{{.Name}}', '--filter', `name=^${PROJECT}_`);
    for (const network of networks.split('\n').filter(Boolean)) await podman('network', 'rm', network);
  }
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  const left = {
    containers: await podman(
      'ps',
      '--all',
      '--format',
      '{{.Names}}',
      '--filter',
      `label=io.podman.compose.project=${PROJECT}`,
    ),
    volumes: await podman(
      'volume',
      'ls',
      '--format',
      '{{.Name}}',
      '--filter',
      `label=io.podman.compose.project=${PROJECT}`,
    ),
    networks: await podman('network', 'ls', '--format', '{{.Name}}', '--filter', `name=^${PROJECT}_`),
    tempDir: tempDir && fs.existsSync(tempDir) ? tempDir : '',
  };
  console.log(
    `[test] taken down in ${seconds(step)}; left behind: ${JSON.stringify(left)}; whole run ${seconds(startedAt)}`,
  );
  expect(left).toEqual({ containers: '', volumes: '', networks: '', tempDir: '' });
}, 10 * 60_000);

describe('the image and the compose stack, for real (podman)', () => {
  it('serves the page and the machine list through Caddy over TLS', async () => {
    const page = await throughCaddy('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const list = await throughCaddy('POST', '/api/rvm/');
    expect(list.status).toBe(200);
    const body = JSON.parse(list.body) as { success: boolean; rvms: unknown[] };
    expect(body.success).toBe(true);
    expect(body.rvms).toHaveLength(129);

    // Plain HTTP is sent to HTTPS.
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: '127.0.0.1', port: Number(composeEnv.RVM_HTTP_PORT), path: '/', headers: { host: 'localhost' } },
          resolve,
        )
        .on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toBe('https://localhost/');
  });

  it('runs the app as the user node, not root, on a root file system it cannot write', async () => {
    for (const app of ['app1', 'app2'] as const) {
      expect(await podman('exec', containers[app], 'id', '-u'), app).toBe('1000');
      // Process 1, the server itself, as the kernel sees it.
      expect(await podman('exec', containers[app], 'sh', '-c', "awk '/^Uid:/ {print $2}' /proc/1/status"), app).toBe(
        '1000',
      );
      const write = await podman('exec', containers[app], 'sh', '-c', 'touch /app/x 2>&1 || true');
      expect(write, app).toMatch(/Read-only file system/);
      // The image's HEALTHCHECK, the liveness probe (podman runs it on request: no systemd timers here).
      await podman('healthcheck', 'run', containers[app]);
    }
    expect(await podman('image', 'inspect', '--format', '{{.Config.User}}', IMAGE)).toBe('node');
  });

  it("carries an operator's change made through one instance to an event stream held on the other", async () => {
    const [one, two] = await Promise.all([containerAddress(containers.app1), containerAddress(containers.app2)]);
    let text = '';
    const stream = await new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(`http://${two}:8080/api/events`, (response) => {
        expect(response.statusCode).toBe(200);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        resolve(request);
      });
      request.on('error', reject);
    });
    try {
      await waitFor(
        'the stream to open',
        async () => text,
        (seen) => seen.includes('event: ready'),
        10_000,
      );
      const patch = await fetch(`http://${one}:8080/api/operator/machines/RVM-001`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Full' }),
      });
      expect(patch.status).toBe(200);
      const sent = performance.now();
      await waitFor(
        'the change on the other instance',
        async () => text,
        (seen) => /"id":"RVM-001"[^\n]*"status":"Full"/.test(seen),
        5_000,
      );
      console.log(`[test] app1's change reached app2's stream in ${Math.round(performance.now() - sent)} ms`);
    } finally {
      stream.destroy();
    }
  });

  it('keeps a photo uploaded through one instance in PostgreSQL, where the other serves it', async () => {
    const [one, two] = await Promise.all([containerAddress(containers.app1), containerAddress(containers.app2)]);
    const png = makePng(3, 2, [63, 165, 53]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'container-test.png');
    const upload = await fetch(`http://${one}:8080/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { id } = (await upload.json()) as { id: string };
    const photo = await fetch(`http://${two}:8080/api/file/${id}`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
  });

  it('keeps answering through Caddy with one app container stopped', async () => {
    await podman('stop', '--time', '10', containers.app1);
    expect(await podman('inspect', '--format', '{{.State.Status}}', containers.app1)).toBe('exited');
    for (let i = 0; i < 10; i += 1) {
      const answer = await throughCaddy('POST', '/api/rvm/');
      expect(answer.status, `request ${i}`).toBe(200);
    }
  });

  it('stops an instance on SIGTERM within 5 s, exit code 0, even with an event stream open', async () => {
    const address = await containerAddress(containers.app2);
    const open = await new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(`http://${address}:8080/api/events`, (response) => {
        response.resume();
        resolve(request);
      });
      request.on('error', reject);
    });
    try {
      const sent = performance.now();
      // `podman stop` sends the image's STOPSIGNAL (SIGTERM) and kills only after 10 s.
      await podman('stop', '--time', '10', containers.app2);
      const took = performance.now() - sent;
      console.log(`[test] app2 stopped ${Math.round(took)} ms after SIGTERM`);
      expect(took).toBeLessThan(SHUTDOWN_LIMIT_MS);
      // 0: it closed by itself; a kill after the grace period would be 137.
      expect(await podman('inspect', '--format', '{{.State.ExitCode}}', containers.app2)).toBe('0');
    } finally {
      open.destroy();
    }
  });
});
