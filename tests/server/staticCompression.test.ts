import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/build/precompress';
import { makeTempDir, startTestServer, type TestServer } from './helpers';

// Text long and repetitive enough that compression pays, as it does for every real built file.
const INDEX = `<!doctype html><html><head><title>Map</title></head><body>${'<div class="row">machine</div>'.repeat(200)}</body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{ id: ${i}, name: "machine ${i}" }`).join(',')}];`;
const STYLE = `.row { color: #3fa535; padding: 4px; }\n`.repeat(100);
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

let server: TestServer;
let parent: string;

beforeAll(async () => {
  parent = makeTempDir();
  const dist = path.join(parent, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const files = {
    'index.html': INDEX,
    'assets/main-abc123.js': SCRIPT,
    'assets/main-abc123.css': STYLE,
    'assets/icon-abc123.svg': ICON,
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), body);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), '1');
  await precompressFiles(Object.keys(files).map((name) => path.join(dist, name)));
  server = await startTestServer({ staticDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const CASES = [
  ['/', INDEX, /^text\/html/],
  ['/login', INDEX, /^text\/html/],
  ['/assets/main-abc123.js', SCRIPT, /javascript/],
  ['/assets/main-abc123.css', STYLE, /^text\/css/],
  ['/assets/icon-abc123.svg', ICON, /^image\/svg\+xml/],
] as const;

describe('the built page, pre-compressed', () => {
  it('writes a .br and a .gz next to each file, and none where compressing would not shrink it', () => {
    const assets = fs.readdirSync(path.join(parent, 'dist', 'assets')).sort();
    expect(assets).toContain('main-abc123.js.br');
    expect(assets).toContain('main-abc123.js.gz');
    expect(assets.filter((name) => name.startsWith('tiny'))).toEqual(['tiny-abc123.js']);
  });

  it.each(CASES)(
    'answers %s in Brotli and gzip, each decoding to the same bytes as without compression',
    async (url, body, type) => {
      const identity = await get(url);
      expect(identity.statusCode).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(body);
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(type);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(body));
        expect(decoders[encoding](response.rawPayload).toString('utf8')).toBe(body);
      }
    },
  );

  it('prefers Brotli, follows q-values, and sends the file as it is with no Accept-Encoding', async () => {
    const url = '/assets/main-abc123.js';
    expect((await get(url, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await get(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('gives each encoding its own ETag and answers 304 to a matching If-None-Match in each', async () => {
    for (const [url] of CASES) {
      const tags = new Set<string>();
      for (const encoding of ['br', 'gzip', undefined]) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const first = await get(url, headers);
        const etag = first.headers.etag as string;
        expect(etag, url).toBeTruthy();
        tags.add(etag);
        const again = await get(url, { ...headers, 'if-none-match': etag });
        expect(again.statusCode, `${url} ${String(encoding)}`).toBe(304);
        expect(again.rawPayload.byteLength).toBe(0);
        expect(again.headers.vary).toMatch(/accept-encoding/i);
      }
      expect(tags.size, url).toBe(3);
    }
  });

  it('keeps the caching and security headers on compressed answers', async () => {
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await get('/assets/main-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
