import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceMachine } from './replaceMachine';
import { LOCALES, type Machine } from '../../shared/machine';
import { buildSearchIndex } from './searchIndex';
import { createSearchIndexer } from './searchIndexer';

const machine = (id: string, name: string, status: Machine['status']): Machine => ({
  id, coordinates: [22.3, 114.17], area: 'KOWLOON', district: 'KWUN TONG', status, under_maintenance: false,
  service_status: 0, name_en: name, name_zht: `${name}機`, name_zhs: `${name}机`, address_en: 'Road', address_zht: '路',
  address_zhs: '路', service_hour_en: '', service_hour_zht: '', service_hour_zhs: '',
});

describe('createSearchIndexer', () => {
  it('gives what buildSearchIndex gives, list after list of live changes and language switches', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Ａb', 'Cd', 'ef'), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('Ａb', 'Cd', 'ef'), fc.constantFrom(...LOCALES)), { maxLength: 12 }),
        (names, steps) => {
          const index = createSearchIndexer();
          let list: readonly Machine[] = names.map((n, i) => machine(String(i), n, '>40%'));
          expect(index(list, 'en')).toEqual(buildSearchIndex(list, 'en'));
          for (const [at, name, locale] of steps) {
            list = replaceMachine(list, machine(String(at % list.length), name, 'Full'));
            expect(index(list, locale)).toEqual(buildSearchIndex(list, locale));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the same index when a live change leaves the names and addresses as they were', () => {
    const index = createSearchIndexer();
    const list = [machine('a', 'Alpha', '>40%'), machine('b', 'Beta', '>40%')];
    const first = index(list, 'en');
    const full = replaceMachine(list, machine('b', 'Beta', 'Full'));
    expect(index(full, 'en')).toBe(first);
    const renamed = replaceMachine(full, machine('b', 'Gamma', 'Full'));
    expect(index(renamed, 'en')).not.toBe(first);
    expect(index(renamed, 'en')).toEqual(['alpha\nroad', 'gamma\nroad']);
    expect(first).toEqual(['alpha\nroad', 'beta\nroad']);
  });
});
