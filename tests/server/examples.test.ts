import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, HOST_PAGE_CSP } from '../../server/routes/examples';
import { startTestServer, type TestServer } from './helpers';

describe('the example host page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ embedOrigins: ['https://www.example.gov.hk'] });
  });
  afterAll(() => server.close());
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it('is served at /examples/host.html with its own policy, which lets its iframe load the map anywhere', async () => {
    const response = await get('/examples/host.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(readFileSync(path.join(EXAMPLES_DIR, 'host.html'), 'utf8'));
    expect(response.headers['content-security-policy']).toBe(HOST_PAGE_CSP);
    expect(HOST_PAGE_CSP).toContain("script-src 'self'");
    expect(HOST_PAGE_CSP).toContain('frame-src http: https:');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['/examples/host.js', 'text/javascript; charset=utf-8'],
    ['/examples/host.css', 'text/css; charset=utf-8'],
  ])('serves %s', async (url, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it.each(['/examples', '/examples/'])('%s leads to the host page', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/examples/host.html');
  });

  it('serves nothing else from the folder', async () => {
    for (const url of ['/examples/../package.json', '/examples/%2e%2e/package.json', '/examples/other.html']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('"name": "rvm-locator"');
      expect(response.headers['content-security-policy'] ?? '', url).not.toBe(HOST_PAGE_CSP);
    }
  });
});
