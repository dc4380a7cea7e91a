import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { District } from '../../../shared/machine';
import { testMachine } from '../../../tests/support/testMachine';
import { DISPLAY_STATES } from '../../machines/displayState';
import { fleetRowOf, statusRank, type FleetRow } from './fleetRow';
import { districtRanks, FLEET_COLUMNS, nameRanks, sortFleet, type FleetSort } from './fleetSort';

const ROWS = [
  testMachine('B-2', {
    name_en: 'Beta',
    name_zht: '乙',
    status: '<=20%',
    last_online: '2026-03-01T10:00:00Z',
    district: 'TAI PO',
  }),
  testMachine('A-1', {
    name_en: 'alpha',
    name_zht: '甲',
    status: 'Full',
    last_full: '2026-03-01T08:00:00Z',
    last_online: null,
  }),
  testMachine('C-10', {
    name_en: 'Gamma 10',
    status: '>40%',
    under_maintenance: true,
    last_online: '2026-03-01T09:00:00Z',
    district: 'ISLANDS',
  }),
  testMachine('C-9', { name_en: 'Gamma 9', status: null, deactivated: true, last_online: '2026-03-01T11:00:00Z' }),
].map(fleetRowOf);

const districts = districtRanks((district: District) => district, 'en');
// C-9's and A-1's open problem reports; the others have none.
const REPORTS = { 'C-9': 2, 'A-1': 1 };
const order = (sort: FleetSort, locale: 'en' | 'zht' = 'en') =>
  [...sortFleet(ROWS, sort, nameRanks(ROWS, locale), districts, REPORTS)].map((i) => ROWS[i]!.machine.id);

describe('sortFleet', () => {
  it.each<[FleetSort, string[]]>([
    [{ column: 'machine', desc: false }, ['A-1', 'B-2', 'C-9', 'C-10']],
    [{ column: 'machine', desc: true }, ['C-10', 'C-9', 'B-2', 'A-1']],
    [{ column: 'district', desc: false }, ['C-10', 'A-1', 'C-9', 'B-2']],
    [{ column: 'state', desc: false }, ['B-2', 'A-1', 'C-9', 'C-10']],
    [{ column: 'status', desc: false }, ['A-1', 'B-2', 'C-10', 'C-9']],
    [{ column: 'lastOnline', desc: false }, ['C-10', 'B-2', 'C-9', 'A-1']],
    [{ column: 'lastOnline', desc: true }, ['C-9', 'B-2', 'C-10', 'A-1']],
    [{ column: 'fullSince', desc: true }, ['A-1', 'B-2', 'C-9', 'C-10']],
    [{ column: 'maintenance', desc: false }, ['C-10', 'A-1', 'B-2', 'C-9']],
    [{ column: 'active', desc: true }, ['C-9', 'A-1', 'B-2', 'C-10']],
    [{ column: 'reports', desc: true }, ['C-9', 'A-1', 'B-2', 'C-10']],
    [{ column: 'reports', desc: false }, ['B-2', 'C-10', 'A-1', 'C-9']],
  ])('%j', (sort, ids) => {
    expect(order(sort)).toEqual(ids);
  });

  it("sorts by the names of the person's language: Hong Kong's stroke order in Traditional Chinese", () => {
    // 乙 has one stroke, 甲 five; in English "alpha" comes before "Beta" (case aside).
    expect(order({ column: 'machine', desc: false }, 'zht').slice(0, 2)).toEqual(['B-2', 'A-1']);
  });
});

describe('nameRanks', () => {
  it('keeps the ranks when no name changed, and makes new ones when one did', () => {
    const first = nameRanks(ROWS, 'en');
    const statusChanged = ROWS.map((row, i) => (i === 0 ? fleetRowOf({ ...row.machine, status: 'Full' }) : row));
    expect(nameRanks(statusChanged, 'en', first).rank).toBe(first.rank);
    const renamed = ROWS.map((row, i) => (i === 0 ? fleetRowOf({ ...row.machine, name_en: 'Zeta' }) : row));
    const second = nameRanks(renamed, 'en', first);
    expect(second.rank).not.toBe(first.rank);
    expect(second.rank[0]).toBe(3);
    expect(nameRanks(ROWS, 'zht', first).rank).not.toBe(first.rank);
  });
});

describe('sortFleet against a plain comparison sort', () => {
  const STATUS = ['Full', '<=5%', '<=20%', '<=40%', '>40%', null] as const;
  const DISTRICT = ['SHA TIN', 'TAI PO', 'ISLANDS', null] as const;
  const machineArb = fc.record({
    name: fc.constantFrom('Alpha', 'alpha', 'Beta', 'Gamma 9', 'Gamma 10', '甲', '乙'),
    status: fc.constantFrom(...STATUS),
    district: fc.constantFrom(...DISTRICT),
    online: fc.option(fc.integer({ min: 0, max: 3 * 86_400 }), { nil: null }),
    fixing: fc.boolean(),
    gone: fc.boolean(),
    reports: fc.nat({ max: 3 }),
  });

  it('gives the same order for every column and direction', () => {
    fc.assert(
      fc.property(
        fc.array(machineArb, { maxLength: 60 }),
        fc.constantFrom(...FLEET_COLUMNS),
        fc.boolean(),
        (specs, column, desc) => {
          const rows = specs.map((spec, i) =>
            fleetRowOf(
              testMachine(`M-${i}`, {
                name_en: spec.name,
                status: spec.status,
                district: spec.district,
                last_online:
                  spec.online === null ? null : new Date(Date.UTC(2026, 2, 1) + spec.online * 1000).toISOString(),
                under_maintenance: spec.fixing,
                deactivated: spec.gone,
              }),
            ),
          );
          const names = nameRanks(rows, 'en');
          const reports = Object.fromEntries(specs.map((spec, i) => [`M-${i}`, spec.reports]));
          const key = (row: FleetRow): number | null => {
            switch (column) {
              case 'machine':
                return 0;
              case 'district':
                return row.machine.district === null ? 0 : districts.get(row.machine.district)!;
              case 'state':
                return DISPLAY_STATES.indexOf(row.state);
              case 'status':
                return statusRank(row);
              case 'fullSince':
                return row.fullSinceMs;
              case 'lastEmptied':
                return row.lastEmptiedMs;
              case 'lastOnline':
                return row.lastOnlineMs;
              case 'maintenance':
                return row.maintenance ? 0 : 1;
              case 'active':
                return row.deactivated ? 1 : 0;
              case 'reports':
                return reports[row.machine.id]!;
            }
          };
          const expected = Array.from(rows.keys()).sort((i, j) => {
            const a = key(rows[i]!);
            const b = key(rows[j]!);
            if ((a === null) !== (b === null)) return a === null ? 1 : -1;
            const byKey = a === null || b === null ? 0 : (desc ? -1 : 1) * (a - b);
            const byName = names.rank[i]! - names.rank[j]!;
            return column === 'machine' ? (desc ? -byName : byName) : byKey || byName;
          });
          expect([...sortFleet(rows, { column, desc }, names, districts, reports)]).toEqual(expected);
        },
      ),
    );
  });
});
