import { describe, expect, it } from 'vitest';
import { checkMachineRow } from './checkMachine';
import { LOCALIZED_FIELDS, MACHINE_FIELDS, TEXT_MAX_CHARS } from './machine';
import { PROBLEM_CODES, type MachineProblem } from './problems';

/** One valid row; each test changes only what it is about. */
const GOOD = {
  id: 'RVM-012',
  coordinates: [22.3287, 114.1912],
  area: 'KOWLOON',
  district: 'KOWLOON CITY',
  status: '<=40%',
  under_maintenance: false,
  service_status: 0,
  ...Object.fromEntries(LOCALIZED_FIELDS.map((field) => [field, `${field} text`])),
};

const problemsOf = (patch: Record<string, unknown>): MachineProblem[] => {
  const checked = checkMachineRow({ ...GOOD, ...patch });
  return checked.ok ? [] : checked.problems;
};

const outOfRange = (field: string): MachineProblem => ({
  field,
  code: 'timeOutOfRange',
  params: { earliest: '2000-01-01', max: 5 },
});

describe('checkMachineRow: problems as data', () => {
  it('accepts a good row and gives it as stored: texts trimmed, times in UTC, blanks as null or the default', () => {
    const checked = checkMachineRow({ ...GOOD, name_en: '  Name  ', last_online: '2026-11-23T14:05', deactivated: '' });
    expect(checked.ok && checked.row).toMatchObject({
      name_en: 'Name',
      last_online: '2026-11-23T06:05:00.000Z',
      deactivated: false,
      opening_hours: null,
      bin_count: null,
      photo: null,
      extra: null,
    });
  });

  it.each<[string, Record<string, unknown>, MachineProblem]>([
    ['text too long', { name_en: 'x'.repeat(201) }, { field: 'name_en', code: 'textLength', params: { max: 200 } }],
    ['blank text', { address_zht: '  ' }, { field: 'address_zht', code: 'required', params: {} }],
    ['text not text', { service_hour_zhs: 7 }, { field: 'service_hour_zhs', code: 'notText', params: { max: 200 } }],
    [
      'an unknown area',
      { area: 'LANTAU' },
      { field: 'area', code: 'notOneOf', params: { options: ['HONG_KONG', 'KOWLOON', 'NEW_TERRITORIES'] } },
    ],
    ['an unknown district', { district: 'KOWLON CITY' }, { field: 'district', code: 'unknownDistrict', params: {} }],
    [
      'a district of another area',
      { district: 'WAN CHAI' },
      { field: 'district', code: 'districtOutsideArea', params: { area: 'KOWLOON', owner: 'HONG_KONG' } },
    ],
    ['a bad id', { id: 'RVM 12' }, { field: 'id', code: 'machineId', params: { max: 64 } }],
    ['one number', { coordinates: [22.3] }, { field: 'coordinates', code: 'coordinatesPair', params: {} }],
    [
      'a latitude as text',
      { coordinates: ['22.3', 114.1] },
      { field: 'coordinates', code: 'notNumber', params: { axis: 'latitude' } },
    ],
    ['swapped coordinates', { coordinates: [114.19, 22.33] }, { field: 'coordinates', code: 'swapped', params: {} }],
    [
      'a longitude off the map',
      { coordinates: [22.3, 113.5] },
      { field: 'coordinates', code: 'outsideMap', params: { axis: 'longitude', min: 113.8167, max: 114.5167 } },
    ],
    ['a boolean as text', { under_maintenance: 'yes' }, { field: 'under_maintenance', code: 'notBoolean', params: {} }],
    ['a fraction', { service_status: 1.5 }, { field: 'service_status', code: 'notInteger', params: {} }],
    ['too many bins', { bin_count: 1001 }, { field: 'bin_count', code: 'integerRange', params: { min: 0, max: 1000 } }],
    [
      'more full bins than bins',
      { bin_count: 3, bin_count_full_threshold: 4 },
      { field: 'bin_count_full_threshold', code: 'moreThan', params: { max: 3, field: 'bin_count' } },
    ],
    ['a day that is not', { last_full: '2026-02-30T10:00:00Z' }, { field: 'last_full', code: 'dateTime', params: {} }],
    ['a report time in 9999', { last_online: '9999-12-31T23:59:00Z' }, outOfRange('last_online')],
    ['a report time in 1900', { last_online: '1900-01-01T00:00:00+08:00' }, outOfRange('last_online')],
    [
      'a report time an hour ahead',
      { last_online: new Date(Date.now() + 3_600_000).toISOString() },
      outOfRange('last_online'),
    ],
    ['an emptying in 2099', { last_emptied_at: '2099-01-01T00:00:00Z' }, outOfRange('last_emptied_at')],
    ['a full bin in 1999', { last_full: '1999-12-31T23:59:59Z' }, outOfRange('last_full')],
    ['a photo path', { photo: '../secret.png' }, { field: 'photo', code: 'fileName', params: {} }],
    ['a reserved name', { constructor: 'x' }, { field: 'constructor', code: 'reservedName', params: {} }],
    [
      'a known name in capitals',
      { Status: 'Full' },
      { field: 'Status', code: 'clashesWithKnown', params: { known: 'status' } },
    ],
    ['a kept value JSON cannot hold', { note: Number.NaN }, { field: null, code: 'extraNotJson', params: {} }],
  ])('names the field and the rule: %s', (_name, patch, expected) => {
    expect(problemsOf(patch)).toEqual([expected]);
  });

  it('takes a report time from 2000-01-01 to 5 minutes ahead of the clock, a fast machine clock included', () => {
    const now = Date.now();
    for (const at of ['2000-01-01T00:00:00Z', new Date(now + 4 * 60_000).toISOString(), '2026-11-23T14:05']) {
      expect(problemsOf({ last_online: at }), at).toEqual([]);
    }
    expect(problemsOf({ last_online: '1999-12-31T23:59:59Z' })[0]?.code).toBe('timeOutOfRange');
    expect(problemsOf({ last_online: new Date(now + 6 * 60_000).toISOString() })[0]?.code).toBe('timeOutOfRange');
  });

  it('gives every problem of a row, and whole-row problems with no field', () => {
    expect(problemsOf({ status: 'x', area: 'y', name_zhs: '' }).map((problem) => problem.field)).toEqual([
      'area',
      'status',
      'name_zhs',
    ]);
    expect(checkMachineRow(null)).toEqual({ ok: false, problems: [{ field: null, code: 'notAnObject', params: {} }] });
  });

  it('checks every text of every language with the same limit', () => {
    expect(LOCALIZED_FIELDS).toHaveLength(9);
    for (const field of LOCALIZED_FIELDS) {
      expect(problemsOf({ [field]: 'x'.repeat(TEXT_MAX_CHARS + 1) })).toEqual([
        { field, code: 'textLength', params: { max: TEXT_MAX_CHARS } },
      ]);
    }
  });

  it('keeps the fields no known field claims, and ignores the photo fields the server fills in', () => {
    const checked = checkMachineRow({ ...GOOD, sensor: { battery: 87 }, picture: { id: 'x' }, thumbnail: '/x' });
    expect(checked.ok && checked.row.extra).toEqual({ sensor: { battery: 87 } });
    expect(checked.ok && Object.keys(checked.row)).not.toContain('thumbnail');
  });

  it('uses only the declared problem codes, and every field of the contract is read', () => {
    const codes = new Set<string>(PROBLEM_CODES);
    for (const problem of problemsOf({ id: 1, coordinates: 1, area: 1, district: 1, status: 1 })) {
      expect(codes.has(problem.code), problem.code).toBe(true);
    }
    const checked = checkMachineRow(GOOD);
    expect(checked.ok && Object.keys(checked.row).sort()).toEqual(
      [...MACHINE_FIELDS.filter((field) => field !== 'picture' && field !== 'thumbnail'), 'photo', 'extra'].sort(),
    );
  });
});
