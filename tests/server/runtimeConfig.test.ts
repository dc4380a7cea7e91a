import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { runtimeConfigScript } from '../../server/routes/runtimeConfig';
import { startTestServer, type TestServer } from './helpers';

/** Runs the script as the browser would and returns what it set. */
function evaluate(script: string): unknown {
  const sandbox = { window: {} as { __RVM_CONFIG__?: unknown } };
  vm.runInNewContext(script, sandbox);
  return sandbox.window.__RVM_CONFIG__;
}

describe('GET /runtime-config.js', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      embedOrigins: ['https://www.example.gov.hk', 'https://*.example.org'],
      kioskRefreshMs: 5000,
      kioskIdleMs: 30_000,
      basemapStyleUrl: null,
      staleAfterMs: 15 * 60_000,
    });
  });
  afterAll(() => server.close());

  it('is a no-cache script setting the deploy-time settings', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/runtime-config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(evaluate(response.body)).toEqual({
      embedOrigins: ['https://www.example.gov.hk', 'https://*.example.org'],
      kioskRefreshMs: 5000,
      kioskIdleMs: 30_000,
      basemapStyleUrl: null,
      staleAfterMs: 900_000,
      feedIntervalMs: null,
    });
  });

  it('answers HEAD too', async () => {
    const response = await server.app.inject({ method: 'HEAD', url: '/runtime-config.js' });
    expect(response.statusCode).toBe(200);
  });
});

describe('runtimeConfigScript', () => {
  it('cannot be turned into markup', () => {
    const script = runtimeConfigScript({
      embedOrigins: ['</script><script>alert(1)</script>'],
      kioskRefreshMs: 1,
      kioskIdleMs: 1,
      basemapStyleUrl: null,
      staleAfterMs: 1,
      feedIntervalMs: null,
    });
    expect(script).not.toContain('<');
    expect(evaluate(script)).toMatchObject({ embedOrigins: ['</script><script>alert(1)</script>'] });
  });
});

describe('kiosk settings from the environment', () => {
  it('reads RVM_KIOSK_REFRESH_MS and RVM_KIOSK_IDLE_MS', () => {
    expect(loadConfig({ RVM_KIOSK_REFRESH_MS: '1000', RVM_KIOSK_IDLE_MS: '4000' }, '/srv')).toMatchObject({
      kioskRefreshMs: 1000,
      kioskIdleMs: 4000,
    });
  });
  it.each([
    [{ RVM_KIOSK_REFRESH_MS: '10' }, /RVM_KIOSK_REFRESH_MS must be between 1000/],
    [{ RVM_KIOSK_IDLE_MS: '2 minutes' }, /RVM_KIOSK_IDLE_MS must be a whole number/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env, '/srv')).toThrow(message);
  });
});

describe('the stale threshold from the environment', () => {
  it('sends RVM_STALE_AFTER_MIN to the page in milliseconds, 30 minutes by default', async () => {
    for (const [env, expected] of [
      [{}, 1_800_000],
      [{ RVM_STALE_AFTER_MIN: '90' }, 5_400_000],
    ] as const) {
      const server = await startTestServer({ staleAfterMs: loadConfig(env, '/srv').staleAfterMs });
      try {
        const response = await server.app.inject({ method: 'GET', url: '/runtime-config.js' });
        expect(evaluate(response.body)).toMatchObject({ staleAfterMs: expected });
      } finally {
        await server.close();
      }
    }
  });
});
