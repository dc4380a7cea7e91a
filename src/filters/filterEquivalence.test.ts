import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AREAS, DISTRICTS, STATUSES, areaOfDistrict, type Machine } from '../../shared/machine';
import { filterPacked } from './filterResult';
import { packMachines } from '../machines/packedMachines';
import { buildSearchIndex, normaliseSearchText } from '../machines/searchIndex';
import { filterMachines, resultMachines, type FilterCriteria } from '../../testkit/reference/referenceFilter';
import { STATUS_GROUPS } from '../machines/statusGroups';
import { createTextMatcher } from './textSearch';

// A small alphabet makes substring hits (and narrowing from earlier queries) frequent.
const text = fc.string({
  unit: fc.constantFrom('a', 'B', 'ab', ' ', '1', '沙', '田', '廣場', 'Ｔ', 'é', 'e\u0301', 'ﬁ'),
  maxLength: 8,
});

const machine = fc.record({
  district: fc.option(fc.constantFrom(...DISTRICTS)),
  orphanArea: fc.option(fc.constantFrom(...AREAS)),
  status: fc.option(fc.constantFrom(...STATUSES)),
  under_maintenance: fc.boolean(),
  service_status: fc.constantFrom(0, 1, 2),
  name: text,
  address: text,
});

const criteria = fc.record({
  statusGroup: fc.option(fc.constantFrom(...STATUS_GROUPS)),
  area: fc.option(fc.constantFrom(...AREAS)),
  district: fc.option(fc.constantFrom(...DISTRICTS)),
  query: text,
});

type Row = typeof machine extends fc.Arbitrary<infer T> ? T : never;

function toMachines(rows: Row[]): Machine[] {
  return rows.map((r, i) => ({
    id: String(i),
    coordinates: [22.3, 114.17],
    area: r.district ? areaOfDistrict(r.district) : r.orphanArea,
    district: r.district,
    status: r.status,
    under_maintenance: r.under_maintenance,
    service_status: r.service_status,
    name_en: r.name,
    name_zht: r.name,
    name_zhs: r.name,
    address_en: r.address,
    address_zht: r.address,
    address_zhs: r.address,
    service_hour_en: '',
    service_hour_zht: '',
    service_hour_zhs: '',
  }));
}

describe('the packed filter and the narrowing text matcher', () => {
  it('give the same machines as the plain string scan, keystroke after keystroke', () => {
    fc.assert(
      fc.property(
        fc.array(machine, { maxLength: 40 }),
        fc.array(criteria, { minLength: 1, maxLength: 12 }),
        (rows, steps) => {
          const machines = toMachines(rows);
          const index = buildSearchIndex(machines, 'en');
          const packed = packMachines(machines);
          const match = createTextMatcher(index);
          for (const step of steps) {
            const c: FilterCriteria = { ...step, query: normaliseSearchText(step.query) };
            const expected = filterMachines(machines, index, c).map((m) => m.id);
            const result = filterPacked(machines, packed, c, c.query ? match(c.query) : null);
            expect(resultMachines(result).map((m) => m.id)).toEqual(expected);
            expect(result.count).toBe(expected.length);
            expect(Array.from(result.mask).reduce((a, b) => a + b, 0)).toBe(expected.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('narrows exactly when a query grows one character at a time', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 60 }), text, (texts, typed) => {
        const index = texts.map(normaliseSearchText);
        const match = createTextMatcher(index);
        const query = normaliseSearchText(typed);
        for (let end = 1; end <= query.length; end++) {
          const prefix = query.slice(0, end);
          const expected = index.flatMap((t, i) => (t.includes(prefix) ? [i] : []));
          expect(Array.from(match(prefix))).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('normaliseSearchText', () => {
  it('skips ICU only where NFKC changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), fc.string(), (a, b) => {
        for (const s of [a, b, a + b]) expect(normaliseSearchText(s)).toBe(s.normalize('NFKC').toLowerCase().trim());
      }),
      { numRuns: 500 },
    );
  });
});
