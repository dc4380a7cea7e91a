import { afterEach, describe, expect, it } from 'vitest';
import { parseRuntimeConfig, runtimeConfig } from './runtimeConfig';

const DEFAULTS = {
  embedOrigins: [],
  kioskRefreshMs: 60_000,
  kioskIdleMs: 120_000,
  kioskHere: null,
  basemapStyleUrl: null,
  staleAfterMs: 1_800_000,
  feedIntervalMs: null,
};

describe('parseRuntimeConfig', () => {
  it.each([
    ['nothing (no /runtime-config.js)', undefined, DEFAULTS],
    ['junk', 'window.__RVM_CONFIG__', DEFAULTS],
    ['an array', [1, 2], DEFAULTS],
    [
      'what the server sends',
      {
        embedOrigins: ['https://www.example.org/', ' https://*.Example.NET '],
        kioskRefreshMs: 5000,
        kioskIdleMs: 30_000,
      },
      {
        ...DEFAULTS,
        embedOrigins: ['https://www.example.org', 'https://*.example.net'],
        kioskRefreshMs: 5000,
        kioskIdleMs: 30_000,
      },
    ],
    [
      'a basemap style URL',
      { basemapStyleUrl: 'https://tiles.example.org/style.json' },
      { ...DEFAULTS, basemapStyleUrl: 'https://tiles.example.org/style.json' },
    ],
    ['a basemap style that is not a URL', { basemapStyleUrl: 'javascript:alert(1)' }, DEFAULTS],
    ['origins that are not strings', { embedOrigins: ['https://a.example', 3] }, DEFAULTS],
    [
      'intervals too short or too long',
      { kioskRefreshMs: 10, kioskIdleMs: 1e12 },
      { ...DEFAULTS, kioskRefreshMs: 1000, kioskIdleMs: 86_400_000 },
    ],
    ['intervals that are not numbers', { kioskRefreshMs: '5000', kioskIdleMs: Number.NaN }, DEFAULTS],
    ['a kiosk place', { kioskHere: [22.2819, 114.1581] }, { ...DEFAULTS, kioskHere: [22.2819, 114.1581] }],
    ['a kiosk place off the map', { kioskHere: [51.5, -0.12] }, DEFAULTS],
    ['a kiosk place that is not two numbers', { kioskHere: '22.28,114.15' }, DEFAULTS],
    ['a stale threshold of 10 minutes', { staleAfterMs: 600_000 }, { ...DEFAULTS, staleAfterMs: 600_000 }],
    ['a stale threshold below 1 minute', { staleAfterMs: 5 }, { ...DEFAULTS, staleAfterMs: 60_000 }],
    ['a stale threshold above 7 days', { staleAfterMs: 1e12 }, { ...DEFAULTS, staleAfterMs: 604_800_000 }],
    ['a stale threshold that is not a number', { staleAfterMs: '600000' }, DEFAULTS],
    ['a feed polled every minute', { feedIntervalMs: 60_000 }, { ...DEFAULTS, feedIntervalMs: 60_000 }],
    ['a feed interval below 15 s', { feedIntervalMs: 10 }, { ...DEFAULTS, feedIntervalMs: 15_000 }],
    ['a feed interval that is not a number', { feedIntervalMs: 'often' }, { ...DEFAULTS, feedIntervalMs: 15_000 }],
  ])('%s', (_name, raw, expected) => {
    expect(parseRuntimeConfig(raw, [])).toEqual(expected);
  });

  it('falls back to the build-time allowlist only when the server sent none', () => {
    expect(parseRuntimeConfig(undefined, ['https://build.example']).embedOrigins).toEqual(['https://build.example']);
    expect(parseRuntimeConfig({ embedOrigins: [] }, ['https://build.example']).embedOrigins).toEqual([]);
  });
});

describe('runtimeConfig', () => {
  afterEach(() => {
    delete window.__RVM_CONFIG__;
  });
  it('reads window.__RVM_CONFIG__, set by the server script before the app starts', () => {
    window.__RVM_CONFIG__ = { embedOrigins: ['https://host.example'], kioskRefreshMs: 2000, kioskIdleMs: 3000 };
    expect(runtimeConfig()).toEqual({
      ...DEFAULTS,
      embedOrigins: ['https://host.example'],
      kioskRefreshMs: 2000,
      kioskIdleMs: 3000,
    });
  });
});
