import fc from 'fast-check';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAtom } from '../api/apiAtom';
import { MAP_BOUNDS } from '../config';
import { AREAS, DISTRICTS, STATUSES, type Machine } from '../../shared/machine';
import { loadMachinesAtom, machinesAtom } from './machinesAtom';
import { parseMachine, parseMachineList } from './parseMachines';

const ANYTHING = fc.anything({
  withNullPrototype: true,
  withBoxedValues: true,
  withSparseArray: true,
  withObjectString: true,
  stringUnit: 'binary',
});

const [[WEST, SOUTH], [EAST, NORTH]] = MAP_BOUNDS;
const lat = fc.double({ min: SOUTH - 0.5, max: NORTH + 0.5, noNaN: true });
const lng = fc.double({ min: WEST - 0.5, max: EAST + 0.5, noNaN: true });
const coordinates = fc.oneof(
  fc.tuple(lat, lng),
  fc.tuple(lng, lat),
  fc.tuple(lat.map(String), lng.map(String)),
  fc.tuple(fc.double(), fc.double()),
  fc.array(fc.oneof(fc.double(), fc.string()), { maxLength: 3 }),
  ANYTHING,
);
/** Few distinct ids so duplicates come up often. */
const id = fc.oneof(
  fc.constantFrom('A', 'B', '7', ' ', ''),
  fc.integer({ min: 0, max: 9 }),
  fc.string({ maxLength: 120 }),
  ANYTHING,
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 700 }),
  fc.constant('<img src=x onerror=alert(1)>'),
  ANYTHING,
);

/** A row with the machine's keys, each present or not, each plausible or anything at all. */
const machineLike = fc.record(
  {
    id,
    coordinates,
    area: fc.oneof(fc.constantFrom(...AREAS), ANYTHING),
    district: fc.oneof(fc.constantFrom(...DISTRICTS), ANYTHING),
    status: fc.oneof(fc.constantFrom(...STATUSES), ANYTHING),
    under_maintenance: fc.oneof(fc.boolean(), ANYTHING),
    service_status: fc.oneof(fc.constantFrom(0, 1, '1'), ANYTHING),
    name_en: text,
    name_zht: text,
    name_zhs: text,
    address_en: text,
    address_zht: text,
    address_zhs: text,
    service_hour_en: text,
    service_hour_zht: text,
    service_hour_zhs: text,
    picture: fc.oneof(fc.record({ id: fc.oneof(fc.string(), ANYTHING) }), ANYTHING),
    thumbnail: fc.oneof(fc.webUrl(), fc.string(), ANYTHING),
    opening_hours: text,
  },
  { requiredKeys: [] },
);
const row = fc.oneof({ weight: 4, arbitrary: machineLike }, { weight: 1, arbitrary: ANYTHING });
const listBody = fc.record(
  {
    success: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: ANYTHING }),
    rvms: fc.oneof({ weight: 5, arbitrary: fc.array(row, { maxLength: 30 }) }, { weight: 1, arbitrary: ANYTHING }),
  },
  { requiredKeys: [] },
);

function expectValidMachine(m: Machine): void {
  expect(typeof m.id).toBe('string');
  expect(m.id.trim()).not.toBe('');
  const [latitude, longitude] = m.coordinates;
  expect(Number.isFinite(latitude) && Number.isFinite(longitude)).toBe(true);
  expect(latitude >= SOUTH && latitude <= NORTH && longitude >= WEST && longitude <= EAST).toBe(true);
  expect(m.area === null || AREAS.includes(m.area)).toBe(true);
  expect(m.district === null || DISTRICTS.includes(m.district)).toBe(true);
  expect(m.status === null || STATUSES.includes(m.status)).toBe(true);
  expect(typeof m.under_maintenance).toBe('boolean');
  expect(Number.isFinite(m.service_status)).toBe(true);
  for (const field of ['name', 'address', 'service_hour'] as const) {
    for (const locale of ['en', 'zht', 'zhs'] as const) {
      const value = m[`${field}_${locale}`];
      expect(typeof value).toBe('string');
      expect(value.length).toBeLessThanOrEqual(500);
    }
  }
  expect(m.picture === null || typeof m.picture?.id === 'string').toBe(true);
  expect(m.thumbnail === null || /^(\/(?!\/)|https?:\/\/)/i.test(m.thumbnail ?? '')).toBe(true);
}

/** Generous: the runs take about a second each, several on a busy 2-core machine. */
const FUZZ_TIMEOUT_MS = 60_000;

afterEach(() => vi.restoreAllMocks());

describe('machine parser under random input', () => {
  it(
    'parseMachine never throws and answers a machine or a reason',
    () => {
      fc.assert(
        fc.property(row, (input) => {
          const result = parseMachine(input);
          if (typeof result !== 'string') expectValidMachine(result);
        }),
        { numRuns: 2000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'parseMachineList never throws on anything at all',
    () => {
      fc.assert(
        fc.property(fc.oneof(ANYTHING, listBody), (body) => {
          const parsed = parseMachineList(body);
          if (!parsed.ok) expect(parsed).toEqual({ ok: false, machines: [], rejected: [] });
        }),
        { numRuns: 1000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'returns exactly the accepted rows, in order, with unique ids; every other row is listed as rejected',
    () => {
      fc.assert(
        fc.property(fc.array(row, { maxLength: 40 }), (rvms) => {
          const parsed = parseMachineList({ success: true, rvms });
          expect(parsed.ok).toBe(true);
          const rejectedIndexes = parsed.rejected.map((r) => r.index);
          expect(new Set(rejectedIndexes).size).toBe(rejectedIndexes.length);
          expect(parsed.machines.length + parsed.rejected.length).toBe(rvms.length);
          expect(new Set(parsed.machines.map((m) => m.id)).size).toBe(parsed.machines.length);

          const seen = new Set<string>();
          const expected: Machine[] = [];
          rvms.forEach((input, index) => {
            const result = parseMachine(input);
            const rejected = parsed.rejected.find((r) => r.index === index);
            if (typeof result === 'string') return expect(rejected?.reason).toBe(result);
            if (seen.has(result.id)) return expect(rejected?.reason).toBe('duplicate-id');
            expect(rejected).toBeUndefined();
            seen.add(result.id);
            expected.push(result);
          });
          expect(parsed.machines).toEqual(expected);
          parsed.machines.forEach(expectValidMachine);
        }),
        { numRuns: 500 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'does not change its input, and its output parses to itself',
    () => {
      fc.assert(
        fc.property(listBody, (body) => {
          const before = structuredClone(body);
          const parsed = parseMachineList(body);
          expect(body).toEqual(before);
          if (!parsed.ok) return;
          const again = parseMachineList({ success: true, rvms: parsed.machines });
          expect(again.rejected).toEqual([]);
          expect(again.machines).toEqual(parsed.machines);
        }),
        { numRuns: 500 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('loading a rejected answer', () => {
  const rejectedBody = fc.oneof(
    ANYTHING.filter((body) => !parseMachineList(body).ok),
    fc.record({ success: ANYTHING.filter((value) => value !== true), rvms: fc.array(row) }),
    fc.record({ success: fc.constant(true), rvms: ANYTHING.filter((value) => !Array.isArray(value)) }),
  );

  it(
    'leaves the machines already on the map untouched and logs nothing',
    async () => {
      const warn = vi.spyOn(console, 'warn');
      await fc.assert(
        fc.asyncProperty(rejectedBody, async (body) => {
          const store = createStore();
          const answers: unknown[] = [{ success: true, rvms: [{ id: 'A', coordinates: [22.3, 114.17] }] }, body];
          store.set(apiAtom, { call: (() => Promise.resolve(answers.shift())) as never });
          await store.set(loadMachinesAtom);
          const before = store.get(machinesAtom);
          await store.set(loadMachinesAtom);
          expect(store.get(machinesAtom)).toBe(before);
          expect(before.map((m) => m.id)).toEqual(['A']);
        }),
        { numRuns: 300 },
      );
      expect(warn).not.toHaveBeenCalled();
    },
    FUZZ_TIMEOUT_MS,
  );
});
