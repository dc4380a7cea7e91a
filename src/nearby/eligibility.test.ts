import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOpeningHours } from '../openNow/openingHoursLib';
import type { Machine } from '../../shared/machine';
import { distanceMetres } from './distance';
import { nearestTakingBottles, takesBottlesNow } from './eligibility';

const base: Machine = {
  id: 'A',
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: 'YAU TSIM MONG',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: 'A',
  name_zht: 'A',
  name_zhs: 'A',
  address_en: '',
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
  opening_hours: null,
};
const machine = (patch: Partial<Machine>): Machine => ({ ...base, ...patch });
const NOON = new Date('2026-11-23T12:00:00+08:00');
const MIDNIGHT = new Date('2026-11-23T00:30:00+08:00');

beforeAll(async () => {
  await loadOpeningHours();
});

describe('takesBottlesNow', () => {
  // The unreadable value below is logged once by design; keep the test output clean.
  beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it.each([
    ['in service with room', {}, NOON, true],
    ['<=40%', { status: '<=40%' }, NOON, true],
    ['<=20%', { status: '<=20%' }, NOON, true],
    ['<=5%: a handful of bottles left', { status: '<=5%' }, NOON, false],
    ['Full', { status: 'Full' }, NOON, false],
    ['unknown status', { status: null }, NOON, false],
    ['under maintenance', { under_maintenance: true }, NOON, false],
    ['out of service', { service_status: 1 }, NOON, false],
    ['open by its hours', { opening_hours: 'Mo-Su 10:00-22:00' }, NOON, true],
    ['closed by its hours', { opening_hours: 'Mo-Su 10:00-22:00' }, MIDNIGHT, false],
    ['unreadable hours count as none', { opening_hours: 'whenever' }, MIDNIGHT, true],
  ] as const)('%s → %s', (_name, patch, at, expected) => {
    expect(takesBottlesNow(machine(patch as Partial<Machine>), at)).toBe(expected);
  });
});

describe('nearestTakingBottles', () => {
  const here: [number, number] = [22.3, 114.17];
  const machines = [
    machine({ id: 'far', coordinates: [22.4, 114.17] }),
    machine({ id: 'full-next-door', coordinates: [22.3001, 114.17], status: 'Full' }),
    machine({ id: 'closed-near', coordinates: [22.301, 114.17], opening_hours: 'Mo-Su 10:00-22:00' }),
    machine({ id: 'near', coordinates: [22.31, 114.17] }),
  ];

  it('skips machines that would not take bottles and picks the nearest of the rest', () => {
    expect(nearestTakingBottles(machines, here, MIDNIGHT, distanceMetres)?.id).toBe('near');
    expect(nearestTakingBottles(machines, here, NOON, distanceMetres)?.id).toBe('closed-near');
  });

  it('is null when none would', () => {
    expect(nearestTakingBottles([machines[1]!], here, NOON, distanceMetres)).toBeNull();
  });
});
