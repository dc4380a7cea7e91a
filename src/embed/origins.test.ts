import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, originMatches } from './origins';
import { outgoingTargetOrigins } from './postToHost';

describe('originMatches', () => {
  it.each([
    ['https://www.example.org', 'https://www.example.org', true],
    ['https://www.example.org', 'HTTPS://WWW.EXAMPLE.ORG', true],
    ['http://localhost:5173', 'http://localhost:5173', true],
    ['https://a.example.org', 'https://*.example.org', true],
    ['https://a.b.example.org', 'https://*.example.org', true],
    ['https://a.example.org:8443', 'https://*.example.org:8443', true],
    ['https://example.org', 'https://*.example.org', false],
    ['http://a.example.org', 'https://*.example.org', false],
    ['https://a.example.org:8443', 'https://*.example.org', false],
    ['https://aexample.org', 'https://*.example.org', false],
    ['https://a.example.org.evil.example', 'https://*.example.org', false],
    ['https://www.example.org:443', 'https://www.example.org', false],
    ['null', 'null', false],
    ['https://www.example.org/', 'https://www.example.org/', false],
  ])('%s against %s → %s', (origin, entry, expected) => {
    expect(originMatches(origin, entry)).toBe(expected);
  });
});

describe('isAllowedOrigin', () => {
  const self = 'https://map.example';
  it('allows any parent without an allowlist, and only listed ones (plus the page itself) with one', () => {
    expect(isAllowedOrigin('https://anyone.example', [], self)).toBe(true);
    expect(isAllowedOrigin('https://anyone.example', ['https://host.example'], self)).toBe(false);
    expect(isAllowedOrigin('https://host.example', ['https://host.example'], self)).toBe(true);
    expect(isAllowedOrigin(self, ['https://host.example'], self)).toBe(true);
  });

  it('takes no opaque origin for the page itself: a sandboxed page and a sandboxed parent are both "null"', () => {
    expect(isAllowedOrigin('null', ['https://host.example'], 'null')).toBe(false);
    expect(isAllowedOrigin('https://host.example', ['https://host.example'], 'null')).toBe(true);
  });
});

describe('outgoingTargetOrigins', () => {
  const self = 'https://map.example';
  it.each([
    ['no allowlist, parent unknown', [], null, ['*']],
    ['no allowlist, parent known', [], 'https://host.example', ['https://host.example']],
    ['allowed parent', ['https://host.example'], 'https://host.example', ['https://host.example']],
    ['allowed parent by wildcard', ['https://*.host.example'], 'https://a.host.example', ['https://a.host.example']],
    ['parent not allowed', ['https://host.example'], 'https://evil.example', []],
    ['opaque parent origin with an allowlist', ['https://host.example'], 'null', [self, 'https://host.example']],
    [
      'parent unknown: each exact allowed origin, never * or a wildcard',
      ['https://host.example', 'https://*.other.example', self],
      null,
      [self, 'https://host.example'],
    ],
  ])('%s', (_name, allowlist, parent, expected) => {
    expect(outgoingTargetOrigins(allowlist, parent, self)).toEqual(expected);
  });

  describe('from a page sandboxed without allow-same-origin (its own origin "null")', () => {
    it.each([
      ['no allowlist, parent known', [], 'https://host.example', ['https://host.example']],
      ['allowed parent', ['https://host.example'], 'https://host.example', ['https://host.example']],
      ['parent not allowed', ['https://host.example'], 'https://evil.example', []],
      // postMessage throws a SyntaxError on "null" as a target: never one.
      [
        'parent unknown: the allowed origins, without its own',
        ['https://host.example'],
        null,
        ['https://host.example'],
      ],
      ['no allowlist, parent unknown', [], null, ['*']],
    ])('%s', (_name, allowlist, parent, expected) => {
      expect(outgoingTargetOrigins(allowlist, parent, 'null')).toEqual(expected);
    });
  });
});
