import { describe, expect, it } from 'vitest';
import { testMachine } from '../../../tests/support/testMachine';
import { filterFleet, filtersSet, NO_FLEET_FILTERS, type FleetFilters } from './fleetFilter';
import { fleetRowOf } from './fleetRow';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const STALE_AFTER_MS = 30 * 60 * 1000;
const iso = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();

const ROWS = [
  testMachine('full-1h', { status: 'Full', last_full: iso(1), last_online: iso(0.1), name_en: 'Tsuen Wan Plaza' }),
  testMachine('full-30h', {
    status: 'Full',
    last_full: iso(30),
    last_online: iso(0.1),
    district: 'SHA TIN',
    area: 'NEW_TERRITORIES',
  }),
  testMachine('quiet', { last_online: iso(2), address_zht: '沙田正街' }),
  testMachine('never', { last_online: null }),
  testMachine('fixing', { under_maintenance: true, last_online: iso(0.1) }),
  testMachine('off', { service_status: 1, last_online: iso(0.1) }),
  testMachine('gone', { deactivated: true, last_online: iso(0.1), district: 'SHA TIN', area: 'NEW_TERRITORIES' }),
].map(fleetRowOf);
const ALL = Uint32Array.from(ROWS.keys());

const shown = (filters: Partial<FleetFilters>) =>
  [...filterFleet(ROWS, ALL, { ...NO_FLEET_FILTERS, ...filters }, NOW, STALE_AFTER_MS)].map((i) => ROWS[i]!.machine.id);

describe('filterFleet', () => {
  it.each<[string, Partial<FleetFilters>, string[]]>([
    ['nothing set', {}, ['full-1h', 'full-30h', 'quiet', 'never', 'fixing', 'off', 'gone']],
    ['full now', { fullNow: true }, ['full-1h', 'full-30h']],
    ['full for over 24 hours', { fullOverHours: 24 }, ['full-30h']],
    ['full for over 0 hours', { fullOverHours: 0 }, ['full-1h', 'full-30h']],
    ['not reporting (older than the threshold, or never)', { notReporting: true }, ['quiet', 'never']],
    ['maintenance (under maintenance or out of service)', { maintenance: true }, ['fixing', 'off']],
    ['deactivated', { deactivated: true }, ['gone']],
    ['an area', { area: 'NEW_TERRITORIES' }, ['full-30h', 'gone']],
    ['a district', { district: 'SHA TIN' }, ['full-30h', 'gone']],
    ['text in a name, any case', { text: 'tsuen WAN' }, ['full-1h']],
    ['text in a Chinese address', { text: ' 沙田 ' }, ['quiet']],
    ['text in an id', { text: 'FIX' }, ['fixing']],
    ['several filters at once', { district: 'SHA TIN', fullNow: true }, ['full-30h']],
  ])('%s', (_name, filters, ids) => {
    expect(shown(filters)).toEqual(ids);
  });

  it('keeps the order it is given', () => {
    const reversed = Uint32Array.from([...ALL].reverse());
    const ids = [...filterFleet(ROWS, reversed, { ...NO_FLEET_FILTERS, fullNow: true }, NOW, STALE_AFTER_MS)];
    expect(ids.map((i) => ROWS[i]!.machine.id)).toEqual(['full-30h', 'full-1h']);
  });

  it('does not count a machine full for a while once it is no longer full', () => {
    const emptied = fleetRowOf(testMachine('emptied', { status: '>40%', last_full: iso(50) }));
    expect(
      filterFleet([emptied], Uint32Array.of(0), { ...NO_FLEET_FILTERS, fullOverHours: 1 }, NOW, STALE_AFTER_MS),
    ).toHaveLength(0);
  });
});

describe('filtersSet', () => {
  it('counts the filters that are set', () => {
    expect(filtersSet(NO_FLEET_FILTERS)).toBe(0);
    expect(filtersSet({ ...NO_FLEET_FILTERS, fullNow: true, district: 'SHA TIN', text: ' x ' })).toBe(3);
    expect(filtersSet({ ...NO_FLEET_FILTERS, text: '   ', fullOverHours: 0 })).toBe(1);
  });
});
