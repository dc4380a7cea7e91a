import { describe, expect, it } from 'vitest';
import { testMachine } from '../../../tests/support/testMachine';
import { fleetRowOf, timeOf } from './fleetRow';

describe('timeOf', () => {
  it.each([
    ['2026-03-01T10:00:00.000Z', Date.parse('2026-03-01T10:00:00Z')],
    ['2026-03-01T10:00:00Z', Date.parse('2026-03-01T10:00:00Z')],
    ['2026-03-01 18:00', Date.parse('2026-03-01T10:00:00Z')],
    ['not a time at all, 24 ch', null],
    [null, null],
    [undefined, null],
  ])('reads %j', (value, ms) => {
    expect(timeOf(value)).toBe(ms);
  });
});

describe('fleetRowOf', () => {
  it('takes full since only while the machine is full, and the state it reports whatever its age', () => {
    const full = fleetRowOf(testMachine('A', { status: 'Full', last_full: '2026-03-01T08:00:00.000Z', stale: true }));
    expect(full.fullSinceMs).toBe(Date.parse('2026-03-01T08:00:00Z'));
    expect(full.state).toBe('full');
    expect(
      fleetRowOf(testMachine('B', { status: '>40%', last_full: '2026-03-01T08:00:00.000Z' })).fullSinceMs,
    ).toBeNull();
    expect(fleetRowOf(testMachine('C', { service_status: 1 }))).toMatchObject({
      maintenance: true,
      state: 'maintenance',
    });
  });

  it('looks for text in the id, the names and the addresses of every language, in lower case', () => {
    const row = fleetRowOf(testMachine('RVM-1', { name_en: 'Plaza', address_zht: '沙田正街' }));
    expect(row.haystack).toContain('rvm-1');
    expect(row.haystack).toContain('plaza');
    expect(row.haystack).toContain('沙田正街');
  });
});
