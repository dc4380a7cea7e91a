import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { feedMachinesAtom, machinesAtom, packedMachinesAtom, staleAfterMsAtom } from '../machines/machinesAtom';
import type { Machine } from '../../shared/machine';
import { localeAtom } from '../i18n/localeAtom';
import {
  areaAtom,
  districtAtom,
  filteredMachinesAtom,
  resetFiltersAtom,
  searchInputAtom,
  searchQueryAtom,
  statusGroupAtom,
} from './filterAtoms';
import { resultMachines } from '../../testkit/reference/referenceFilter';
import { type FilterResult } from './filterResult';

const m = (id: string, over: Partial<Machine> = {}): Machine => ({
  id,
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: `Machine ${id}`,
  name_zht: `機器${id}`,
  name_zhs: `机器${id}`,
  address_en: '',
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
  ...over,
});

const ids = (result: FilterResult) => resultMachines(result).map((x) => x.id);

describe('filter atoms', () => {
  it('derives the filtered set and changing the area clears the district', () => {
    const store = createStore();
    store.set(machinesAtom, [m('1'), m('2', { area: 'HONG_KONG', district: 'EASTERN' })]);
    store.set(districtAtom, 'KWUN TONG');
    expect(ids(store.get(filteredMachinesAtom))).toEqual(['1']);
    store.set(areaAtom, 'HONG_KONG');
    expect(store.get(districtAtom)).toBeNull();
    expect(ids(store.get(filteredMachinesAtom))).toEqual(['2']);
    store.set(areaAtom, 'HONG_KONG');
    store.set(districtAtom, 'EASTERN');
    store.set(areaAtom, 'HONG_KONG');
    expect(store.get(districtAtom)).toBe('EASTERN');
  });

  it('searches in the current language and Reset clears everything', () => {
    const store = createStore();
    store.set(machinesAtom, [m('1'), m('2')]);
    store.set(localeAtom, 'zht');
    store.set(searchQueryAtom, '機器2');
    store.set(statusGroupAtom, 'available');
    expect(ids(store.get(filteredMachinesAtom))).toEqual(['2']);
    store.set(resetFiltersAtom);
    expect(store.get(searchInputAtom)).toBe('');
    expect(store.get(statusGroupAtom)).toBeNull();
    expect(store.get(filteredMachinesAtom).count).toBe(2);
  });

  it('keeps the packed machine columns when only the filter changes, and shows the same set it lists', () => {
    const store = createStore();
    store.set(machinesAtom, [m('1'), m('2', { status: 'Full' }), m('3', { under_maintenance: true })]);
    const packed = store.get(packedMachinesAtom);
    store.set(statusGroupAtom, 'full');
    store.set(searchQueryAtom, 'machine');
    const result = store.get(filteredMachinesAtom);
    expect(store.get(packedMachinesAtom)).toBe(packed);
    expect(ids(result)).toEqual(['2']);
    expect(Array.from(result.mask)).toEqual([0, 1, 0]);
  });

  it('leaves deactivated machines out, and filters a stale machine as maintenance (issue 9)', () => {
    const store = createStore();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    store.set(machinesAtom, [
      m('fresh', { status: 'Full', last_online: hoursAgo(0.1) }),
      m('stale', { status: 'Full', last_online: hoursAgo(2) }),
      m('off', { status: 'Full', deactivated: true }),
    ]);
    expect(store.get(feedMachinesAtom)).toHaveLength(3);
    expect(resultMachines(store.get(filteredMachinesAtom)).map((x) => [x.id, x.stale === true])).toEqual([
      ['fresh', false],
      ['stale', true],
    ]);
    store.set(statusGroupAtom, 'full');
    expect(ids(store.get(filteredMachinesAtom))).toEqual(['fresh']);
    store.set(statusGroupAtom, 'maintenance');
    expect(ids(store.get(filteredMachinesAtom))).toEqual(['stale']);
    store.set(staleAfterMsAtom, 3 * 3_600_000);
    expect(ids(store.get(filteredMachinesAtom))).toEqual([]);
  });
});
