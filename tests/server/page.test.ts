import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, rawGet, startTestServer, type TestServer } from './helpers';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>';

/** Text only the build's own files hold: a page that shows it served one of them. */
const BUILD_SECRET = 'src/main.tsx';
/** What `vite build` leaves in dist/ that is not the page: Vite's manifest, the bundle report, source maps. */
const BUILD_FILE_URLS = [
  '/.vite/manifest.json',
  '/.vite/bundle-stats.json',
  '/.vite/',
  '/.vite',
  '/%2Evite/manifest.json',
  '/assets/../.vite/manifest.json',
  '/assets/index-abc123.js.map',
  '/assets/index-abc123.js.map?x=1',
];

function writeBuildFiles(dist: string): void {
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  const manifest = JSON.stringify({ 'index.html': { file: 'assets/index-abc123.js', src: BUILD_SECRET } });
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), manifest);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json.br'), manifest);
  fs.writeFileSync(path.join(dist, '.vite', 'bundle-stats.json'), JSON.stringify({ modules: [BUILD_SECRET] }));
  const map = JSON.stringify({ version: 3, sources: [BUILD_SECRET], mappings: '' });
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), map);
}

describe('with a built page', () => {
  let server: TestServer;
  let parent: string;
  let dist: string;
  beforeAll(async () => {
    parent = makeTempDir();
    dist = path.join(parent, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(parent, 'secret.txt'), 'TOP SECRET');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hi");');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeBuildFiles(dist);
    server = await startTestServer({ staticDir: dist, embedOrigins: ['https://www.example.gov.hk'] });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  /** The server's port, listening from the first call on: some paths only go out as written over a raw socket. */
  const port = async () => {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    return (server.app.server.address() as AddressInfo).port;
  };

  it('serves index.html at / with no-cache and the CSP', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.example.gov.hk");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers page routes such as /login with index.html (SPA fallback)', async () => {
    for (const url of ['/login', '/login?next=%2F', '/some/deep/route']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset 404 instead of HTML', async () => {
    const response = await get('/assets/index-old999.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'notFound' });
  });

  it('keeps API 404s as JSON and does not fall back for POST', async () => {
    const api = await get('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, msg: 'notFound' });
    const post = await server.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ success: false, msg: 'notFound' });
  });

  it('never serves the build’s own files: its manifest, its bundle stats, source maps', async () => {
    for (const url of BUILD_FILE_URLS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await server.app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body, url).not.toContain(BUILD_SECRET);
      }
      const raw = await rawGet(await port(), url);
      // As written, "/assets/../" is refused as a way out of the folder (403) before any file is looked at.
      expect(raw.status === 404 || (url.includes('/../') && raw.status === 403), `${url}: ${raw.status}`).toBe(true);
      expect(raw.body, url).not.toContain(BUILD_SECRET);
    }
  });

  it('never serves a file from outside the page folder', async () => {
    expect((await get('/secret.txt')).body).not.toContain('TOP SECRET');
    for (const url of [
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
    ]) {
      const response = await get(url);
      expect(response.body, url).not.toContain('TOP SECRET');
      // Either refused or answered with the page itself.
      if (response.statusCode === 200) expect(response.body).toBe(INDEX);
    }
  });

  it('never serves a file from outside the page folder to a raw ".." path', async () => {
    for (const url of ['/../secret.txt', '/assets/../../secret.txt', '/./../secret.txt', '/..\\secret.txt']) {
      const response = await rawGet(await port(), url);
      expect(response.body, url).not.toContain('TOP SECRET');
      if (response.status === 200) expect(response.body).toBe(INDEX);
    }
  });
});

describe('with source maps built public (RVM_SOURCE_MAPS=1)', () => {
  it('serves the maps, and still not the manifest', async () => {
    const parent = makeTempDir();
    const dist = path.join(parent, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeBuildFiles(dist);
    const server = await startTestServer({ staticDir: dist, publicSourceMaps: true });
    try {
      const map = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain(BUILD_SECRET);
      expect((await server.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    } finally {
      await server.close();
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('without a built page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers GET / and page routes with a plain 503 saying to build', async () => {
    for (const url of ['/', '/login']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('npm run build');
    }
  });

  it('still answers the API', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, rvms: [] });
  });
});
