import { describe, expect, it } from 'vitest';
import { consolePath, fleetPath, machinePath, matchConsolePath, publicMapPath } from './consolePaths';

const PAGES = [{ path: '' }, { path: '/machines/:id' }, { path: '/audit' }, { path: '/a.b' }];
const pathOf = (pathname: string) => {
  const match = matchConsolePath(pathname, PAGES);
  return match && { path: match.page.path, params: match.params };
};

describe('matchConsolePath', () => {
  it.each([
    ['/operator', { path: '', params: {} }],
    ['/operator/', { path: '', params: {} }],
    ['/operator/audit', { path: '/audit', params: {} }],
    ['/operator/audit//', { path: '/audit', params: {} }],
    ['/operator/machines/RVM-001', { path: '/machines/:id', params: { id: 'RVM-001' } }],
    ['/operator/machines/a%20b', { path: '/machines/:id', params: { id: 'a b' } }],
    ['/operator/a.b', { path: '/a.b', params: {} }],
    ['/operator/axb', null],
    ['/operator/machines/%E0%A4%A', null],
    ['/operator/machines', null],
    ['/operator/machines/a/b', null],
    ['/operator/nothing', null],
    ['/operatorx', null],
  ])('reads %s', (pathname, match) => {
    expect(pathOf(pathname)).toEqual(match);
  });

  it('reads the paths it makes', () => {
    expect(pathOf(machinePath('A/1 ?'))).toEqual({ path: '/machines/:id', params: { id: 'A/1 ?' } });
    expect(pathOf(fleetPath())).toEqual({ path: '', params: {} });
    expect(pathOf(consolePath('/audit'))).toEqual({ path: '/audit', params: {} });
  });
});

describe('publicMapPath', () => {
  it('keeps only the language', () => {
    expect(publicMapPath('?locale=zhs&next=%2Foperator')).toBe('/?locale=zhs');
    expect(publicMapPath('?next=%2Foperator')).toBe('/');
  });
});
