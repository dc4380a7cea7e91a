import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Engine } from '../../server/db/engine';
import { READY_DATABASE_TIMEOUT_MS } from '../../server/routes/probes';
import { openTestEngine, makeTempDir, type TestEngine } from './helpers';
import { seedIfFirstStart } from '../../server/importing/seed';
import fs from 'node:fs';

/**
 * The engine as the app sees it, with a switch that makes every call fail as a database that went away does, and a
 * count of the calls made through it.
 */
function switchableEngine(engine: Engine) {
  /** down: every call fails; failReads: only reading the machines' pages does (a damaged table, say). */
  const state = { down: false, failReads: false, calls: 0 };
  const fail = (): Promise<never> =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  // Every method fails while down, and so do those of what a method returns (the machine reader).
  const switchable = <T extends object>(target: T, keep: readonly PropertyKey[]): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function' || keep.includes(property)) return value;
        return (...args: unknown[]) => {
          state.calls += 1;
          if (state.down || (state.failReads && property === 'readPages')) return fail();
          const result: unknown = (value as (...args: unknown[]) => unknown).apply(object, args);
          return property === 'openMachineReader' ? switchable(result as object, ['close']) : result;
        };
      },
    });
  return { engine: switchable(engine, ['close', 'isBusyError', 'poolStats']), state };
}

let opened: TestEngine | null = null;
let dir = '';
afterEach(async () => {
  await opened?.close();
  opened = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startApp() {
  dir = makeTempDir();
  opened = await openTestEngine(dir, {}, 'server');
  await seedIfFirstStart(opened.engine, {
    seedPath: opened.config.seedPath,
    photosDir: opened.config.seedPhotosDir,
    maxPhotoBytes: opened.config.uploadMaxBytes,
  });
  const { engine, state } = switchableEngine(opened.engine);
  const app = await buildApp(opened.config, engine);
  await app.ready();
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>(), headers: answer.headers };
  };
  return { app, state, get };
}

describe('GET /api/health/live and /api/health/ready', () => {
  it('are both 200 on a server that can serve, never cached', async () => {
    const { app, get } = await startApp();
    try {
      await expect.poll(async () => (await get('/api/health/ready')).status).toBe(200);
      const ready = await get('/api/health/ready');
      expect(ready.body).toEqual({ success: true, status: 'ready', checks: { database: 'ok', machines: 'loaded' } });
      expect(ready.headers['cache-control']).toBe('no-store');
      const live = await get('/api/health/live');
      expect(live).toMatchObject({ status: 200, body: { success: true, status: 'live' } });
      expect(live.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('with the database down: live stays 200 without touching it, ready is 503 saying why, and both recover', async () => {
    const { app, state, get } = await startApp();
    try {
      await expect.poll(async () => (await get('/api/health/ready')).status).toBe(200);
      state.down = true;
      const before = state.calls;
      expect(await get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'live' } });
      expect(state.calls).toBe(before);

      const started = performance.now();
      const ready = await get('/api/health/ready');
      expect(performance.now() - started).toBeLessThan(READY_DATABASE_TIMEOUT_MS + 1000);
      expect(ready).toMatchObject({
        status: 503,
        body: { success: false, msg: 'systemError', checks: { database: 'failed', machines: 'loaded' } },
      });
      // The old combined check says the same as before: 503.
      expect((await get('/api/health')).status).toBe(503);

      state.down = false;
      expect(await get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    } finally {
      await app.close();
    }
  });

  it('ready is 503 "failed" after the machine list could not be read, and reads it again so it can recover', async () => {
    const { app, state, get } = await startApp();
    try {
      await expect.poll(async () => (await get('/api/health/ready')).status).toBe(200);
      // A change makes the next list call read the list again, which fails while the database is down.
      const patch = await app.inject({
        method: 'PATCH',
        url: '/api/operator/machines/RVM-001',
        headers: { authorization: `Bearer ${opened!.config.adminToken}` },
        payload: { status: 'Full' },
      });
      expect(patch.statusCode).toBe(200);
      state.failReads = true;
      expect((await app.inject({ method: 'POST', url: '/api/rvm/' })).statusCode).toBeGreaterThanOrEqual(500);
      state.failReads = false;
      const ready = await get('/api/health/ready');
      expect(ready).toMatchObject({ status: 503, body: { checks: { database: 'ok', machines: 'failed' } } });
      // No list call comes to an instance out of the load balancer: the probe itself had the list read again.
      await expect.poll(async () => (await get('/api/health/ready')).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuse other methods with 405', async () => {
    const { app } = await startApp();
    try {
      for (const url of ['/api/health/live', '/api/health/ready']) {
        const answer = await app.inject({ method: 'POST', url });
        expect(answer.statusCode, url).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD');
      }
    } finally {
      await app.close();
    }
  });
});
