import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildCsp } from './csp';
import { EARLY_LIST_SCRIPT } from '../../shared/earlyList';

const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

describe('buildCsp', () => {
  it('allows exactly what the page needs', () => {
    const csp = directives(buildCsp([]));
    // The page's own files, and the one inline script of index.html (the early list call) by its hash.
    const earlyListHash = createHash('sha256').update(EARLY_LIST_SCRIPT).digest('base64');
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${earlyListHash}'`]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://mapapi.geodata.gov.hk']);
    // blob: and data: only for MapLibre's worker in a frame sandboxed without its own origin.
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://mapapi.geodata.gov.hk']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('lets any page frame it when no origins are listed', () => {
    expect(directives(buildCsp([])).get('frame-ancestors')).toEqual(['*']);
  });

  it('limits framing to itself and the listed origins', () => {
    const csp = directives(buildCsp(['https://www.example.gov.hk', 'https://*.example.org', 'http://localhost:3000']));
    expect(csp.get('frame-ancestors')).toEqual([
      "'self'",
      'https://www.example.gov.hk',
      'https://*.example.org',
      'http://localhost:3000',
    ]);
  });

  it.each([
    "https://a.example; script-src 'unsafe-eval'",
    'https://a.example https://b.example',
    'javascript:alert(1)',
    'example.org',
    "'unsafe-inline'",
  ])('refuses %j, which could inject directives', (origin) => {
    expect(() => buildCsp([origin])).toThrow(/not an origin/);
  });
});
