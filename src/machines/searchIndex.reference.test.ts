import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { buildSearchIndex, normaliseSearchText } from './searchIndex';
import { filterMachines, matchesStatusGroup, NO_FILTER } from '../../testkit/reference/referenceFilter';

function machine(over: Partial<Machine>): Machine {
  return {
    id: 'm',
    coordinates: [22.3, 114.17],
    area: 'KOWLOON',
    district: 'YAU TSIM MONG',
    status: '>40%',
    under_maintenance: false,
    service_status: 0,
    name_en: 'Harbour City',
    name_zht: '海港城',
    name_zhs: '海港城',
    address_en: '3-27 Canton Road, Tsim Sha Tsui',
    address_zht: '尖沙咀廣東道3-27號',
    address_zhs: '尖沙咀广东道3-27号',
    service_hour_en: '',
    service_hour_zht: '',
    service_hour_zhs: '',
    ...over,
  };
}

describe('status filter groups (docs/spec.md#status-filter-groups)', () => {
  it.each([
    ['available', '>40%', false, 0, true],
    ['available', '<=40%', false, 0, true],
    ['available', '<=20%', false, 0, false],
    ['available', '>40%', true, 0, false],
    ['available', '>40%', false, 1, false],
    ['nearlyFull', '<=20%', false, 0, true],
    ['nearlyFull', '<=5%', false, 0, true],
    ['nearlyFull', 'Full', false, 0, false],
    ['nearlyFull', '<=5%', true, 0, false],
    ['full', 'Full', false, 0, true],
    ['full', 'Full', true, 0, false],
    ['full', 'Full', false, 1, false],
    ['maintenance', '>40%', true, 0, true],
    ['maintenance', 'Full', false, 1, true],
    ['maintenance', null, false, 0, false],
    ['maintenance', '>40%', false, 0, false],
  ] as const)('%s vs status %s, maintenance %s, service_status %s → %s', (group, status, um, ss, expected) => {
    expect(matchesStatusGroup(machine({ status, under_maintenance: um, service_status: ss }), group)).toBe(expected);
  });

  it('matches everything with no group', () => {
    expect(matchesStatusGroup(machine({ status: null, under_maintenance: true }), null)).toBe(true);
  });
});

describe('filterMachines', () => {
  const machines = [
    machine({ id: 'a' }),
    machine({
      id: 'b',
      area: 'HONG_KONG',
      district: 'WAN CHAI',
      name_en: 'Times Square',
      name_zht: '時代廣場',
      address_en: '1 Matheson Street',
      address_zht: '勿地臣街1號',
    }),
    machine({
      id: 'c',
      area: 'NEW_TERRITORIES',
      district: 'SHA TIN',
      status: 'Full',
      name_en: 'New Town Plaza',
      name_zht: '新城市廣場',
      address_en: '18 Sha Tin Centre Street',
      address_zht: '沙田正街18號',
    }),
  ];
  const en = buildSearchIndex(machines, 'en');
  const zht = buildSearchIndex(machines, 'zht');
  const ids = (ms: Machine[]) => ms.map((m) => m.id);

  it('keeps all with no filter', () => expect(ids(filterMachines(machines, en, NO_FILTER))).toEqual(['a', 'b', 'c']));
  it('filters by area and district', () => {
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, area: 'HONG_KONG' }))).toEqual(['b']);
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, district: 'SHA TIN' }))).toEqual(['c']);
  });
  it('combines status and text', () => {
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, statusGroup: 'full', query: 'plaza' }))).toEqual(['c']);
  });
  it.each([
    ['times', ['b']],
    ['TIMES SQ', ['b']],
    ['matheson', ['b']],
    ['street', ['b', 'c']],
    ['canton road', ['a']],
    ['zzz', []],
  ])('searches name and address case-insensitively: %s', (q, expected) => {
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, query: normaliseSearchText(q) }))).toEqual(expected);
  });
  it('searches Chinese text in the current language', () => {
    expect(ids(filterMachines(machines, zht, { ...NO_FILTER, query: normaliseSearchText('廣場') }))).toEqual([
      'b',
      'c',
    ]);
    expect(ids(filterMachines(machines, zht, { ...NO_FILTER, query: normaliseSearchText('廣東道') }))).toEqual(['a']);
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, query: normaliseSearchText('廣場') }))).toEqual([]);
  });
  it('treats full-width letters like ASCII', () => {
    expect(ids(filterMachines(machines, en, { ...NO_FILTER, query: normaliseSearchText('ＴＩＭＥＳ') }))).toEqual([
      'b',
    ]);
  });
});
