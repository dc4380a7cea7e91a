import { describe, expect, it } from 'vitest';
import {
  alertsPath,
  auditPath,
  consoleRouteOf,
  feedPath,
  fleetPath,
  importPath,
  machinePath,
  publicMapPath,
  sessionsPath,
} from './consoleRoute';

describe('consoleRouteOf', () => {
  it.each([
    ['/operator', { page: 'fleet' }],
    ['/operator/', { page: 'fleet' }],
    ['/operator/audit', { page: 'audit' }],
    ['/operator/feed', { page: 'feed' }],
    ['/operator/alerts/', { page: 'alerts' }],
    ['/operator/import', { page: 'import' }],
    ['/operator/people', { page: 'people' }],
    ['/operator/tokens/', { page: 'tokens' }],
    ['/operator/sessions', { page: 'sessions' }],
    ['/operator/machines/RVM-001', { page: 'machine', id: 'RVM-001' }],
    ['/operator/machines/a%20b', { page: 'machine', id: 'a b' }],
    ['/operator/machines/%E0%A4%A', { page: 'unknown' }],
    ['/operator/machines', { page: 'unknown' }],
    ['/operator/nothing', { page: 'unknown' }],
  ])('reads %s', (path, route) => {
    expect(consoleRouteOf(path)).toEqual(route);
  });

  it('makes the paths it reads', () => {
    expect(consoleRouteOf(machinePath('A/1 ?'))).toEqual({ page: 'machine', id: 'A/1 ?' });
    expect(consoleRouteOf(auditPath())).toEqual({ page: 'audit' });
    expect(consoleRouteOf(fleetPath())).toEqual({ page: 'fleet' });
    expect(consoleRouteOf(feedPath())).toEqual({ page: 'feed' });
    expect(consoleRouteOf(alertsPath())).toEqual({ page: 'alerts' });
    expect(consoleRouteOf(importPath())).toEqual({ page: 'import' });
    expect(consoleRouteOf(sessionsPath())).toEqual({ page: 'sessions' });
  });
});

describe('publicMapPath', () => {
  it('keeps only the language', () => {
    expect(publicMapPath('?locale=zhs&next=%2Foperator')).toBe('/?locale=zhs');
    expect(publicMapPath('?next=%2Foperator')).toBe('/');
  });
});
