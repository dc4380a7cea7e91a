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
      kioskHere: [22.2819, 114.1581],
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
      kioskHere: [22.2819, 114.1581],
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
      kioskHere: null,
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

describe("a kiosk's place from the environment (RVM_KIOSK_HERE)", () => {
  it('reads latitude,longitude on the map, and none by default', () => {
    expect(loadConfig({}, '/srv').kioskHere).toBeNull();
    expect(loadConfig({ RVM_KIOSK_HERE: ' 22.2819, 114.1581 ' }, '/srv').kioskHere).toEqual([22.2819, 114.1581]);
    expect(loadConfig({ RVM_KIOSK_HERE: '+22.3,114' }, '/srv').kioskHere).toEqual([22.3, 114]);
  });

  it.each([
    ['22.2819', /RVM_KIOSK_HERE must be latitude,longitude in decimal degrees, e.g. 22.2819,114.1581, got "22.2819"/],
    ['22.28;114.15', /must be latitude,longitude in decimal degrees/],
    ['22.28,114.15,3', /must be latitude,longitude in decimal degrees/],
    ['22°16′N,114°09′E', /must be latitude,longitude in decimal degrees/],
    ['1e1,114', /must be latitude,longitude in decimal degrees/],
    ['114.1581,22.2819', /RVM_KIOSK_HERE has the longitude first: latitude comes first/],
    [
      '51.5074,-0.1278',
      /RVM_KIOSK_HERE must lie on the map: latitude 22.1333 to 22.5833, longitude 113.8167 to 114.5167/,
    ],
  ])('refuses %j with a message', (value, message) => {
    expect(() => loadConfig({ RVM_KIOSK_HERE: value }, '/srv')).toThrow(message);
  });

  it('sends it to the page', async () => {
    const server = await startTestServer({
      kioskHere: loadConfig({ RVM_KIOSK_HERE: '22.2819,114.1581' }, '/srv').kioskHere,
    });
    try {
      const response = await server.app.inject({ method: 'GET', url: '/runtime-config.js' });
      expect(evaluate(response.body)).toMatchObject({ kioskHere: [22.2819, 114.1581] });
    } finally {
      await server.close();
    }
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
