import { describe, expect, it } from 'vitest';
import { validateMachineRow } from './validate';
import { GOOD_ROW, NO_FEED_FIELDS } from '../../tests/fixtures/machineRows';

const GOOD = { ...GOOD_ROW, status: 'Full' };

const rowFor = (patch: Record<string, unknown>) => {
  const result = validateMachineRow({ ...GOOD, ...patch }, 12);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.row;
};
const errorsFor = (patch: Record<string, unknown>): string[] => {
  const result = validateMachineRow({ ...GOOD, ...patch }, 12);
  return result.ok ? [] : result.errors;
};

describe("the feed's extra fields in a row", () => {
  it('reads all six, storing timestamps in UTC (no offset = Hong Kong time)', () => {
    expect(
      rowFor({
        bin_count: 3,
        bin_count_full_threshold: 2,
        deactivated: true,
        last_emptied_at: '2026-11-22T09:30:00+08:00',
        last_online: '2026-11-23T14:05',
        last_full: '2026-11-23T05:00:00.250Z',
      }),
    ).toMatchObject({
      bin_count: 3,
      bin_count_full_threshold: 2,
      deactivated: true,
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_online: '2026-11-23T06:05:00.000Z',
      last_full: '2026-11-23T05:00:00.250Z',
    });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '  '],
  ])('reads %s fields as unknown: null, and deactivated false', (_name, value) => {
    const fields = [
      'bin_count',
      'bin_count_full_threshold',
      'deactivated',
      'last_emptied_at',
      'last_online',
      'last_full',
    ];
    expect(rowFor(Object.fromEntries(fields.map((field) => [field, value])))).toMatchObject(NO_FEED_FIELDS);
  });

  it('accepts zero bins, a threshold equal to the bin count, and a threshold without a bin count', () => {
    expect(rowFor({ bin_count: 0, bin_count_full_threshold: 0 })).toMatchObject({
      bin_count: 0,
      bin_count_full_threshold: 0,
    });
    expect(rowFor({ bin_count: 2, bin_count_full_threshold: 2 })).toMatchObject({ bin_count_full_threshold: 2 });
    expect(rowFor({ bin_count_full_threshold: 1 })).toMatchObject({ bin_count: null, bin_count_full_threshold: 1 });
  });

  it.each([
    [{ bin_count: -1 }, 'row 12 (RVM-012): bin_count -1 must be a whole number from 0 to 1000'],
    [{ bin_count: 1.5 }, 'row 12 (RVM-012): bin_count 1.5 must be a whole number from 0 to 1000'],
    [{ bin_count: '3' }, 'row 12 (RVM-012): bin_count "3" must be a whole number from 0 to 1000'],
    [{ bin_count: 1e20 }, 'row 12 (RVM-012): bin_count 100000000000000000000 must be a whole number from 0 to 1000'],
    [{ bin_count: true }, 'row 12 (RVM-012): bin_count true must be a whole number from 0 to 1000'],
    [
      { bin_count_full_threshold: -2 },
      'row 12 (RVM-012): bin_count_full_threshold -2 must be a whole number from 0 to 1000',
    ],
    [
      { bin_count: 3, bin_count_full_threshold: 4 },
      'row 12 (RVM-012): bin_count_full_threshold 4 must not be more than bin_count 3',
    ],
    [{ deactivated: 'yes' }, 'row 12 (RVM-012): deactivated "yes" must be true or false'],
    [{ deactivated: 1 }, 'row 12 (RVM-012): deactivated 1 must be true or false'],
    [
      { last_online: 'yesterday' },
      'row 12 (RVM-012): last_online "yesterday" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
    [
      { last_emptied_at: '2026-02-30T10:00:00+08:00' },
      'row 12 (RVM-012): last_emptied_at "2026-02-30T10:00:00+08:00" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
    [
      { last_full: '2026-11-23T24:00:00Z' },
      'row 12 (RVM-012): last_full "2026-11-23T24:00:00Z" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
    [
      { last_online: 1795413900000 },
      'row 12 (RVM-012): last_online 1795413900000 must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
    [
      { last_full: '2026-11-23T14:05:00+15:00' },
      'row 12 (RVM-012): last_full "2026-11-23T14:05:00+15:00" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
  ])('refuses %j', (patch, expected) => {
    expect(errorsFor(patch)).toEqual([expected]);
  });

  it('lists every bad feed field of a row', () => {
    expect(errorsFor({ bin_count: -1, deactivated: 'no', last_online: 'now', last_full: 'then' })).toHaveLength(4);
  });
});
