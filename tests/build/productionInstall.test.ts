import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST } from './dist';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'tests/server/fixtures');

/** What a deployment copies from a built tree: the build, the start script, the demo data; no sources. */
const DEPLOYED = [
  'package.json',
  'package-lock.json',
  '.nvmrc',
  'scripts/run-built.mjs',
  'scripts/check-node.mjs',
  'scripts/build/freshness.mjs',
  'dist',
  'dist-server',
  'assets/demo',
  'assets/photos',
  'examples',
];

let dir: string;
let server: { base: string; stop: () => Promise<void> } | null = null;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-production-'));
  const workspaces = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces?: string[] })
    .workspaces;
  for (const entry of [...DEPLOYED, ...(workspaces ?? []).map((w) => `${w}/package.json`)])
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stderr}`);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const env = () => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  RVM_DB: path.join(dir, 'data/rvm.sqlite'),
  RVM_FILES: path.join(dir, 'data/files'),
  RVM_LOG_LEVEL: 'error',
});

function start(): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['scripts/run-built.mjs', 'main'], { cwd: dir, env: env() });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1])
        resolve({
          base: match[1],
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
  });
}

describe('a production install of a built tree (npm ci --omit=dev)', () => {
  it('holds no build or development tools', () => {
    for (const tool of ['vite', 'tsx', 'typescript', 'esbuild', 'vitest', 'react', 'maplibre-gl', 'leaflet', 'vega'])
      expect(fs.existsSync(path.join(dir, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts with node alone and serves the page, the list, a photo and the live events', async () => {
    server = await start();
    const page = await fetch(`${server.base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const list = (await (await fetch(`${server.base}/api/rvm/`, { method: 'POST' })).json()) as {
      success: boolean;
      rvms: { picture?: { id: string } }[];
    };
    expect(list.success).toBe(true);
    expect(list.rvms.length).toBeGreaterThan(100);
    const photoId = list.rvms.find((machine) => machine.picture)?.picture?.id;
    expect((await fetch(`${server.base}/api/file/${photoId}`)).status).toBe(200);

    const events = new AbortController();
    const stream = await fetch(`${server.base}/api/events`, { signal: events.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
    events.abort();
  });

  it('runs the import command from the build', () => {
    const imported = spawnSync(process.execPath, ['scripts/run-built.mjs', 'import', path.join(FIXTURES, 'good.csv')], {
      cwd: dir,
      env: env(),
      encoding: 'utf8',
    });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('good.csv: 0 inserted, 3 updated');
  });
});

if (!fs.existsSync(path.join(DIST, '../dist-server/main.js')))
  throw new Error('No compiled server in dist-server/: run `npm run build` first');
