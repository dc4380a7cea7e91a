import { describe, expect, it } from 'vitest';
import { testMachine } from '../../../tests/support/testMachine';
import { fleetRowOf, type FleetRow } from './fleetRow';
import { sortFleet, type FleetSort } from './fleetSort';

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

const district = (row: FleetRow) => row.machine.district ?? '';
const order = (sort: FleetSort, locale: 'en' | 'zht' = 'en') =>
  [...sortFleet(ROWS, sort, locale, district)].map((i) => ROWS[i]!.machine.id);

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
  ])('%j', (sort, ids) => {
    expect(order(sort)).toEqual(ids);
  });

  it("sorts by the names of the person's language: Hong Kong's stroke order in Traditional Chinese", () => {
    // 乙 has one stroke, 甲 five; in English "alpha" comes before "Beta" (case aside).
    expect(order({ column: 'machine', desc: false }, 'zht').slice(0, 2)).toEqual(['B-2', 'A-1']);
  });
});
