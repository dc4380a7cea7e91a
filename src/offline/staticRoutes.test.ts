import { describe, expect, it } from 'vitest';
import { hashedFilesRule, withoutVary } from './staticRoutes';

describe('hashedFilesRule', () => {
  it('routes each hashed file of the precache, GET only, to the precache by name', () => {
    const rule = hashedFilesRule(
      [
        { url: 'index.html', revision: 'a1b2' },
        { url: 'assets/main-xJeWzdQd.js', revision: null },
        { url: 'assets/atlas-CDH0kFXG.png', revision: null },
        'runtime-config.js',
      ],
      'workbox-precache-v2-https://rvm.example/',
    );
    expect(rule).toEqual({
      condition: {
        or: [
          { urlPattern: '/assets/main-xJeWzdQd.js', requestMethod: 'GET' },
          { urlPattern: '/assets/atlas-CDH0kFXG.png', requestMethod: 'GET' },
        ],
      },
      source: { cacheName: 'workbox-precache-v2-https://rvm.example/' },
    });
  });

  it('is none when nothing in the precache is hashed', () => {
    expect(hashedFilesRule([{ url: 'index.html', revision: 'a1b2' }], 'precache')).toBeNull();
  });
});

describe('withoutVary', () => {
  it('keeps the body, status and every other header', async () => {
    const kept = withoutVary(
      new Response('body', {
        status: 200,
        headers: { Vary: 'Origin, accept-encoding', 'Content-Type': 'text/javascript', ETag: '"x"' },
      }),
    );
    expect(kept.headers.has('Vary')).toBe(false);
    expect(kept.headers.get('Content-Type')).toBe('text/javascript');
    expect(kept.headers.get('ETag')).toBe('"x"');
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe('body');
  });

  it('returns a response without Vary as it is', () => {
    const response = new Response('x');
    expect(withoutVary(response)).toBe(response);
  });
});
