import { describe, expect, it } from 'vitest';
import { loginPathFor } from './loginPath';
import { routeOfPath } from './routeAtom';

describe('loginPathFor', () => {
  it('names the page to come back to and keeps the language and text size', () => {
    expect(loginPathFor('/operator/machines/A-1?x=1', '?locale=zht&fontSize=lg&next=/x&other=1')).toBe(
      '/login?locale=zht&fontSize=lg&next=%2Foperator%2Fmachines%2FA-1%3Fx%3D1',
    );
    expect(loginPathFor('/operator', '')).toBe('/login?next=%2Foperator');
  });
});

describe('routeOfPath', () => {
  it.each([
    ['/', 'map'],
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/operator', 'operator'],
    ['/operator/', 'operator'],
    ['/operator/machines/A-1', 'operator'],
    ['/operators', 'map'],
    ['/anything', 'map'],
  ] as const)('%s is the %s route', (path, route) => {
    expect(routeOfPath(path)).toBe(route);
  });
});
