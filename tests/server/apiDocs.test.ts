import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

describe('GET /api/docs (RVM_API_DOCS, on by default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it("is Swagger UI's page, loading only files of this server, under the page's CSP", async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source, source).toMatch(/^\.\/static\//);
    // No inline script: the CSP's script-src 'self' allows every script the page runs.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await get('/api/docs')).statusCode).toBe(200);

    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
      ['swagger-initializer.js', 'application/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
    ]) {
      const answer = await get(`/api/docs/static/${file}`);
      expect(answer.statusCode, file).toBe(200);
      expect(answer.headers['content-type'], file).toBe(type);
      expect(answer.headers['x-content-type-options'], file).toBe('nosniff');
    }
    // Swagger's validator badge would send the document to validator.swagger.io: off.
    expect((await get('/api/docs/static/swagger-initializer.js')).body).toContain('validatorUrl: null');
  });

  it('is not cross-origin readable, as no API path but the page calls is', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/', headers: { origin: 'null' } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('RVM_API_DOCS=0', () => {
  it('answers /api/docs 404 like any unknown API path', async () => {
    const server = await startTestServer({ apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
        const answer = await server.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toEqual({ success: false, msg: 'notFound' });
      }
    } finally {
      await server.close();
    }
  });
});
