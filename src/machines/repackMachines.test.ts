import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadedFeed, replaceMachine } from './feedList';
import { AREAS, DISTRICTS, STATUSES, type Machine } from '../../shared/machine';
import { packMachines, type PackedMachines } from './packedMachines';
import { repackMachines } from './repackMachines';

const COLUMNS = ['positions', 'stateCodes', 'areaCodes', 'districtCodes', 'groupCodes'] as const;

const fields = fc.record({
  coordinates: fc.constantFrom<[number, number]>([22.3, 114.17], [22.31, 114.18], [22.4, 113.9]),
  area: fc.option(fc.constantFrom(...AREAS)),
  district: fc.option(fc.constantFrom(...DISTRICTS)),
  status: fc.option(fc.constantFrom(...STATUSES)),
  under_maintenance: fc.boolean(),
  service_status: fc.constantFrom(0, 1, 2),
  name_en: fc.constantFrom('a', 'b'),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

const machine = (id: string, f: Fields): Machine => ({
  id,
  ...f,
  name_zht: '',
  name_zhs: '',
  address_en: '',
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
});

/** What happens to one row between two lists: kept (same object), copied unchanged, or new fields. */
const edit = fc.oneof(fc.constant('keep' as const), fc.constant('copy' as const), fields);

const columnsOf = (p: PackedMachines) => Object.fromEntries([['count', p.count], ...COLUMNS.map((c) => [c, p[c]])]);

const sameValues = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((v, i) => Object.is(v, b[i]));

/** The rows where any column of two packings of the same length differs. */
function differingRows(a: PackedMachines, b: PackedMachines): number[] {
  const rows: number[] = [];
  for (let i = 0; i < a.count; i++) {
    const same =
      Object.is(a.positions[i * 2], b.positions[i * 2]) &&
      Object.is(a.positions[i * 2 + 1], b.positions[i * 2 + 1]) &&
      COLUMNS.slice(1).every((c) => a[c][i] === b[c][i]);
    if (!same) rows.push(i);
  }
  return rows;
}

function checkRepacked(previous: PackedMachines, next: PackedMachines, expected: PackedMachines): void {
  expect(columnsOf(next)).toEqual(columnsOf(expected));
  const changed = differingRows(previous, expected);
  if (changed.length === 0) {
    expect(next).toBe(previous);
    return;
  }
  expect(next.revision).not.toBe(previous.revision);
  expect(next.changes?.since).toBe(previous.revision);
  expect(Array.from(next.changes!.rows)).toEqual(changed);
  for (const c of COLUMNS) {
    if (sameValues(previous[c], expected[c])) expect(next[c]).toBe(previous[c]);
    else expect(next[c]).not.toBe(previous[c]);
  }
}

describe('repackMachines', () => {
  it('gives the columns packMachines gives, shares every column no row of which changed, and lists the changed rows', () => {
    const paths = { patched: 0, repackedAndShared: 0 };
    fc.assert(
      fc.property(
        fc
          .array(fields, { minLength: 1, maxLength: 60 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              fc.array(edit, { minLength: rows.length, maxLength: rows.length }),
              fc.boolean(),
            ),
          ),
        ([rows, edits, sparse]) => {
          const before = rows.map((f, i) => machine(String(i), f));
          // Sparse: few new machine objects, the patching path; else mostly new ones, as after a reload.
          const after = before.map((m, i) => {
            const e = sparse && i % 10 !== 3 ? 'keep' : edits[i]!;
            return e === 'keep' ? m : e === 'copy' ? { ...m } : machine(m.id, e);
          });
          const newObjects = after.filter((m, i) => m !== before[i]).length;
          if (newObjects > 0) paths[newObjects <= after.length / 8 ? 'patched' : 'repackedAndShared'] += 1;
          const previous = packMachines(before);
          checkRepacked(previous, repackMachines(before, previous, after), packMachines(after));
          // The earlier packing is left as it was.
          expect(columnsOf(previous)).toEqual(columnsOf(packMachines(before)));
        },
      ),
      { numRuns: 400 },
    );
    expect(paths.patched).toBeGreaterThan(20);
    expect(paths.repackedAndShared).toBeGreaterThan(20);
  });

  it('patches list after list of live changes, each from the rows replaceMachine names', () => {
    fc.assert(
      fc.property(
        fc.array(fields, { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fields), { minLength: 1, maxLength: 10 }),
        (rows, changes) => {
          let feed = loadedFeed(rows.map((f, i) => machine(String(i), f)));
          let packed = packMachines(feed.machines);
          for (const [at, f] of changes) {
            const row = at % feed.machines.length;
            const next = replaceMachine(feed, machine(String(row), f));
            const repacked = repackMachines(feed.machines, packed, next.machines, next.edit?.rows);
            checkRepacked(packed, repacked, packMachines(next.machines));
            if (repacked !== packed) expect(Array.from(repacked.changes!.rows)).toEqual([row]);
            [feed, packed] = [next, repacked];
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  const base: Fields = {
    coordinates: [22.3, 114.17],
    area: 'KOWLOON',
    district: 'KWUN TONG',
    status: '>40%',
    under_maintenance: false,
    service_status: 0,
    name_en: 'a',
  };
  const list = ['a', 'b', 'c'].map((id) => machine(id, base));
  const packed = packMachines(list);

  it('patches one status change: positions and the other columns shared, one row listed', () => {
    const next = list.slice();
    next[1] = { ...list[1]!, status: 'Full' };
    const repacked = repackMachines(list, packed, next);
    expect(repacked.positions).toBe(packed.positions);
    expect(repacked.areaCodes).toBe(packed.areaCodes);
    expect(repacked.districtCodes).toBe(packed.districtCodes);
    expect(repacked.stateCodes).not.toBe(packed.stateCodes);
    expect(repacked.groupCodes).not.toBe(packed.groupCodes);
    expect(Array.from(repacked.changes!.rows)).toEqual([1]);
  });

  it('packs from scratch when the ids or their order differ, or the length', () => {
    for (const next of [[list[1]!, list[0]!, list[2]!], list.slice(0, 2), [...list, machine('d', base)]]) {
      const repacked = repackMachines(list, packed, next);
      expect(repacked.changes).toBeNull();
      expect(columnsOf(repacked)).toEqual(columnsOf(packMachines(next)));
    }
  });
});
