import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_PATH } from '../../server/routes/serviceWorker';
import { SW_URL } from '../../src/offline/offlineConfig';
import { makeTempDir, startTestServer, type TestServer } from './helpers';

const WORKER = 'self.addEventListener("fetch", () => {});';

describe('the service worker file', () => {
  let server: TestServer;
  let parent: string;
  beforeAll(async () => {
    parent = makeTempDir();
    const dist = path.join(parent, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), WORKER);
    server = await startTestServer({ staticDir: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('is where the page registers it', () => {
    expect(SERVICE_WORKER_PATH).toBe(SW_URL);
  });

  it('is revalidated on every load and may control the whole site', async () => {
    for (const url of [SERVICE_WORKER_PATH, `${SERVICE_WORKER_PATH}?v=2`]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(WORKER);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['service-worker-allowed']).toBe('/');
    }
  });

  it('leaves other files’ headers alone', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });
});
