import { describe, expect, it } from 'vitest';
import { validateMachineRow, validateMachineRows } from './validate';
import { machineRowsFromCsv } from './csvRows';
import { collect, GOOD_ROW as GOOD, NO_FEED_FIELDS } from '../../tests/fixtures/machineRows';

const errorsFor = (patch: Record<string, unknown>, rowNumber = 12): string[] => {
  const result = validateMachineRow({ ...GOOD, ...patch }, rowNumber);
  return result.ok ? [] : result.errors;
};

describe('validateMachineRow', () => {
  it('accepts a good row, trims text and defaults the optional fields', () => {
    const result = validateMachineRow({ ...GOOD, name_en: '  Name  ' }, 1);
    expect(result).toEqual({
      ok: true,
      row: { ...GOOD, name_en: 'Name', opening_hours: null, photo: null, ...NO_FEED_FIELDS, extra: null },
    });
  });

  it.each([
    [{ district: 'KOWLON CITY' }, 'row 12 (RVM-012): district "KOWLON CITY" is not a known district'],
    [{ district: 'WAN CHAI' }, 'row 12 (RVM-012): district "WAN CHAI" belongs to HONG_KONG, not KOWLOON'],
    [{ area: 'LANTAU' }, 'row 12 (RVM-012): area "LANTAU" is not one of HONG_KONG, KOWLOON, NEW_TERRITORIES'],
    [{ status: '50%' }, 'row 12 (RVM-012): status "50%" is not one of Full, <=5%, <=20%, <=40%, >40%'],
    [{ coordinates: [22.3] }, 'row 12 (RVM-012): coordinates [22.3] must be [latitude, longitude]'],
    [{ coordinates: '22.3,114.1' }, 'row 12 (RVM-012): coordinates "22.3,114.1" must be [latitude, longitude]'],
    [{ coordinates: ['22.3', 114.1] }, 'row 12 (RVM-012): latitude "22.3" is not a number'],
    [{ coordinates: [22.0, 114.1] }, 'row 12 (RVM-012): latitude 22 is outside the map (22.1333 to 22.5833)'],
    [{ coordinates: [22.3, 113.5] }, 'row 12 (RVM-012): longitude 113.5 is outside the map (113.8167 to 114.5167)'],
    [
      { coordinates: [114.19, 22.33] },
      'row 12 (RVM-012): coordinates [114.19, 22.33] look swapped: give latitude first, then longitude',
    ],
    [{ coordinates: [Number.NaN, 114.1] }, 'row 12 (RVM-012): latitude NaN is not a number'],
    [{ under_maintenance: 'yes' }, 'row 12 (RVM-012): under_maintenance "yes" must be true or false'],
    [{ under_maintenance: 1 }, 'row 12 (RVM-012): under_maintenance 1 must be true or false'],
    [{ service_status: 1.5 }, 'row 12 (RVM-012): service_status 1.5 must be a whole number'],
    [{ service_status: '1' }, 'row 12 (RVM-012): service_status "1" must be a whole number'],
    [{ service_status: 1e20 }, 'row 12 (RVM-012): service_status 100000000000000000000 must be a whole number'],
    [{ name_en: '   ' }, 'row 12 (RVM-012): name_en "   " must be text of 1 to 200 characters'],
    [
      { address_zht: 'x'.repeat(201) },
      `row 12 (RVM-012): address_zht "${'x'.repeat(80)}…" (201 characters) must be text of 1 to 200 characters`,
    ],
    [
      { service_hour_zhs: undefined },
      'row 12 (RVM-012): service_hour_zhs undefined must be text of 1 to 200 characters',
    ],
    [{ opening_hours: 7 }, 'row 12 (RVM-012): opening_hours 7 must be empty or text of up to 200 characters'],
    [
      { photo: '../secret.png' },
      'row 12 (RVM-012): photo "../secret.png" must be a plain file name such as rvm-001.png',
    ],
    [{ photo: '.hidden.png' }, 'row 12 (RVM-012): photo ".hidden.png" must be a plain file name such as rvm-001.png'],
    [{ id: 'RVM 12' }, 'row 12 (RVM 12): id "RVM 12" must be 1 to 64 letters, digits, "_" or "-"'],
    [{ id: 12 }, 'row 12: id 12 must be 1 to 64 letters, digits, "_" or "-"'],
    [{ id: 'x'.repeat(65) }, expect.stringContaining('must be 1 to 64 letters')],
  ])('refuses %j', (patch, expected) => {
    expect(errorsFor(patch)).toEqual([expected]);
  });

  it('lists every problem of a row, not only the first', () => {
    expect(errorsFor({ status: 'x', area: 'y', name_zhs: '' })).toHaveLength(3);
  });

  it.each([
    ['coordinates', (value: unknown) => ({ coordinates: value })],
    ['picture', (value: unknown) => ({ picture: value })],
    ['a kept field', (value: unknown) => ({ sensor: value })],
  ])('refuses a row nesting %s past 64 levels whole, with one error and no recursion', (_name, patch) => {
    const nest = (levels: number): unknown => {
      let value: unknown = 22.3;
      for (let i = 0; i < levels; i++) value = i % 2 ? { id: value } : [value];
      return value;
    };
    expect(errorsFor(patch(nest(100_000)))).toEqual([
      'row 12 (RVM-012): nests arrays or objects more than 64 levels deep',
    ]);
    expect(errorsFor(patch(nest(64)))).toEqual(['row 12 (RVM-012): nests arrays or objects more than 64 levels deep']);
    expect(errorsFor(patch(nest(63)))).not.toContain(
      'row 12 (RVM-012): nests arrays or objects more than 64 levels deep',
    );
  });

  it('refuses a row holding more values than any machine, unread', () => {
    expect(errorsFor({ coordinates: new Array(1_000_000).fill(22.3) })).toEqual([
      'row 12 (RVM-012): holds more than 10000 values, more than any machine has',
    ]);
  });

  it('refuses rows that are not objects', () => {
    expect(validateMachineRow(null, 3)).toEqual({ ok: false, errors: ['row 3: is not an object'] });
    expect(validateMachineRow([1, 2], 4)).toEqual({ ok: false, errors: ['row 4: is not an object'] });
  });

  it('ignores picture and thumbnail, so an API answer can be fed back', () => {
    const result = validateMachineRow(
      { ...GOOD, picture: { id: 'x' }, thumbnail: '/api/file/x', opening_hours: 'Mo-Fr 09:00-17:00' },
      1,
    );
    expect(result.ok && result.row).toMatchObject({ opening_hours: 'Mo-Fr 09:00-17:00', photo: null });
    expect(result.ok && result.row).not.toHaveProperty('picture');
  });
});

describe('validateMachineRows', () => {
  it('reports duplicate ids with both rows, even when the first is otherwise invalid', () => {
    const result = validateMachineRows([
      { rowNumber: 1, value: { ...GOOD, status: 'bad' } },
      { rowNumber: 2, value: { ...GOOD, id: 'RVM-013' } },
      { rowNumber: 3, value: GOOD },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        expect.stringContaining('row 1 (RVM-012): status "bad"'),
        'row 3 (RVM-012): duplicate id, first used in row 1',
      ],
    });
  });
});

describe('machineRowsFromCsv', () => {
  const header =
    'id,lat,lng,area,district,status,under_maintenance,service_status,name_en,name_zht,name_zhs,address_en,address_zht,address_zhs,service_hour_en,service_hour_zht,service_hour_zhs';
  const line = (lat: string, maintenance: string, service: string) =>
    `RVM-1,${lat},114.19,KOWLOON,KOWLOON CITY,Full,${maintenance},${service},a,b,c,d,e,f,g,h,i`;

  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['yes', true],
    ['No', false],
  ])('reads under_maintenance %s as %s', async (text, expected) => {
    const [row] = await collect(machineRowsFromCsv(`${header}\n${line('22.33', text, '0')}\n`));
    expect(row?.value).toMatchObject({ under_maintenance: expected, coordinates: [22.33, 114.19], service_status: 0 });
    expect(validateMachineRow(row?.value, 2).ok).toBe(true);
  });

  it('leaves what is not a number or boolean as text, for validation to quote back', async () => {
    const [row] = await collect(machineRowsFromCsv(`${header}\n${line('north', 'maybe', 'one')}\n`));
    const result = validateMachineRow(row?.value, row?.rowNumber ?? 0);
    expect(result.ok ? [] : result.errors).toEqual([
      'row 2 (RVM-1): latitude "north" is not a number',
      'row 2 (RVM-1): under_maintenance "maybe" must be true or false',
      'row 2 (RVM-1): service_status "one" must be a whole number',
    ]);
  });

  it('refuses a header with missing columns, naming each', async () => {
    await expect(collect(machineRowsFromCsv('id,lat,lng,colour\n'))).rejects.toThrow(
      /^header: missing column "area"; missing column "district"/,
    );
  });
});
