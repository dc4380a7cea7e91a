import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_DOCUMENT_POLICY, BENCH_NOT_BUILT_TEXT } from '../../server/routes/benchPage';
import { IMMUTABLE_CACHE } from '../../server/routes/page';
import { makeTempDir, startTestServer, type TestServer } from './helpers';

const PAGE = '<!doctype html><title>RVM locator benchmark</title>';

describe('the benchmark page at /bench/ (RVM_BENCH_PAGE=1)', () => {
  let server: TestServer;
  let built: string;
  beforeAll(async () => {
    built = makeTempDir();
    mkdirSync(path.join(built, 'assets'));
    writeFileSync(path.join(built, 'index.html'), PAGE);
    writeFileSync(path.join(built, 'stage.html'), '<!doctype html><title>stage</title>');
    writeFileSync(path.join(built, 'assets/page-abc123.js'), 'export {};');
    server = await startTestServer({ benchPageDir: built });
  });
  afterAll(async () => {
    await server.close();
    rmSync(built, { recursive: true, force: true });
  });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('serves the page with the header that lets it sample its JavaScript, under the map’s security headers', async () => {
    const response = await get('/bench/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(PAGE);
    expect(response.headers['document-policy']).toBe(BENCH_DOCUMENT_POLICY);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
    const stage = await get('/bench/stage.html?renderer=ours&n=1000');
    expect(stage.statusCode).toBe(200);
    expect(stage.headers['document-policy']).toBe(BENCH_DOCUMENT_POLICY);
  });

  it('is in the OpenAPI document beside the example page, as a page route', async () => {
    const document = JSON.parse((await get('/api/openapi.json')).body) as { paths: Record<string, object> };
    expect(Object.keys(document.paths)).toContain('/bench');
  });

  it('leads /bench to /bench/ and caches hashed files for good', async () => {
    const redirect = await get('/bench');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/bench/');
    const asset = await get('/bench/assets/page-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(asset.headers['document-policy']).toBeUndefined();
  });

  it('serves nothing from outside its build', async () => {
    for (const url of ['/bench/../package.json', '/bench/%2e%2e/package.json']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('"name": "rvm-locator"');
    }
  });
});

describe('without RVM_BENCH_PAGE', () => {
  it('has no benchmark page: /bench/ is one of the map’s own routes', async () => {
    const server = await startTestServer();
    try {
      const response = await server.app.inject({ method: 'GET', url: '/bench/' });
      expect(response.headers['document-policy']).toBeUndefined();
      expect(response.body).not.toContain('RVM locator benchmark');
    } finally {
      await server.close();
    }
  });

  it('says how to build it when RVM_BENCH_PAGE=1 finds no build', async () => {
    const empty = makeTempDir();
    const server = await startTestServer({ benchPageDir: empty });
    try {
      const response = await server.app.inject({ method: 'GET', url: '/bench/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe(BENCH_NOT_BUILT_TEXT);
    } finally {
      await server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
