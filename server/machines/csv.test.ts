import { describe, expect, it } from 'vitest';
import { CsvError, csvToObjects, parseCsv } from './csv';
import { machineRowsFromCsv } from './csvRows';
import { validateMachineRow } from './validate';
import { collect, NO_FEED_FIELDS } from '../../tests/fixtures/machineRows';

describe('parseCsv', () => {
  it.each([
    [
      'plain fields',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'no final line break',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a BOM',
      '\uFEFFa,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['empty fields', ',,\n', [['', '', '']]],
    ['a comma in quotes', '"a,b",c\n', [['a,b', 'c']]],
    ['doubled quotes', '"say ""hi""",x\n', [['say "hi"', 'x']]],
    ['a line break in quotes', '"line 1\nline 2",x\n', [['line 1\nline 2', 'x']]],
    ['CRLF in quotes kept', '"a\r\nb"\r\n', [['a\r\nb']]],
    ['an empty quoted field', '"",x\n', [['', 'x']]],
    ['spaces kept', ' a , b \n', [[' a ', ' b ']]],
    [
      'Chinese text',
      '名稱,地址\n灣仔,港灣道\n',
      [
        ['名稱', '地址'],
        ['灣仔', '港灣道'],
      ],
    ],
    ['nothing', '', []],
  ])('reads %s', async (_name, text, expected) => {
    expect(await collect(parseCsv(text))).toEqual(expected);
  });

  it('reads mixed line ends, and a file handed over in chunks that split a character', async () => {
    expect(await collect(parseCsv('a,b\r\n1,2\n3,4\r5,6'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
    const bytes = Buffer.from('名稱,"地,址"\n灣仔,港灣道\n');
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(
      await collect(
        parseCsv(
          (async function* () {
            yield* chunks;
          })(),
        ),
      ),
    ).toEqual([
      ['名稱', '地,址'],
      ['灣仔', '港灣道'],
    ]);
  });

  it.each([
    ['an unclosed quote', 'a\n"open,b\n', /^row 2: a quoted field is never closed$/],
    ['an unclosed quote over lines', 'a\nb\n"open\nstill\nopen', /^row 3: a quoted field is never closed$/],
    ['text after a closing quote', '"a"b,c\n', /^row 1: unexpected text after a closing quote$/],
    ['a bare quote inside a field', 'ab"c,d\n', /^row 1: a quote inside an unquoted field/],
  ])('refuses %s, naming the row', async (_name, text, message) => {
    await expect(collect(parseCsv(text))).rejects.toThrow(CsvError);
    await expect(collect(parseCsv(text))).rejects.toThrow(message);
  });
});

describe('csvToObjects', () => {
  it('keys records by the trimmed header, numbers rows as a spreadsheet does and skips blank lines', async () => {
    const headers: (readonly string[])[] = [];
    const rows = await collect(csvToObjects(' id , name\n1,a\n\n2,b\n', (header) => headers.push(header)));
    expect(headers).toEqual([['id', 'name']]);
    expect(rows).toEqual([
      { rowNumber: 2, values: { id: '1', name: 'a' } },
      { rowNumber: 4, values: { id: '2', name: 'b' } },
    ]);
  });

  it('refuses a record with the wrong number of fields, naming its row', async () => {
    await expect(collect(csvToObjects('id,name\n1,a\n2,b,extra\n'))).rejects.toThrow(
      'row 3: has 3 fields, the header has 2',
    );
  });

  it('refuses a missing or duplicated header', async () => {
    await expect(collect(csvToObjects(''))).rejects.toThrow('no header line');
    await expect(collect(csvToObjects('id,id\n1,2\n'))).rejects.toThrow('column "id" appears twice');
  });
});

describe('machineRowsFromCsv: the feed fields and unknown columns', () => {
  const REQUIRED =
    'id,lat,lng,area,district,status,under_maintenance,service_status,name_en,name_zht,name_zhs,address_en,address_zht,address_zhs,service_hour_en,service_hour_zht,service_hour_zhs';
  const VALUES = 'RVM-1,22.33,114.19,KOWLOON,KOWLOON CITY,Full,false,0,a,b,c,d,e,f,g,h,i';
  const csv = (columns: string, values: string) => `${REQUIRED},${columns}\n${VALUES},${values}\n`;
  const checkedRow = async (columns: string, values: string) => {
    const [row] = await collect(machineRowsFromCsv(csv(columns, values)));
    return validateMachineRow(row?.value, row?.rowNumber ?? 0);
  };

  it('reads the six feed fields: numbers as text, timestamps normalised to UTC', async () => {
    const result = await checkedRow(
      'bin_count,bin_count_full_threshold,deactivated,last_emptied_at,last_online,last_full',
      '3,2,yes,2026-11-22T09:30:00+08:00,2026-11-23 14:05,2026-11-23T05:00:00Z',
    );
    expect(result.ok && result.row).toMatchObject({
      bin_count: 3,
      bin_count_full_threshold: 2,
      deactivated: true,
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_online: '2026-11-23T06:05:00.000Z',
      last_full: '2026-11-23T05:00:00.000Z',
      extra: null,
    });
  });

  it('reads empty feed columns as unknown: null, and deactivated false', async () => {
    const result = await checkedRow(
      'bin_count,bin_count_full_threshold,deactivated,last_emptied_at,last_online,last_full',
      ',,,,,',
    );
    expect(result.ok && result.row).toMatchObject(NO_FEED_FIELDS);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['Yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['NO', false],
    ['', false],
  ])('reads deactivated %j as %s', async (text, expected) => {
    const result = await checkedRow('deactivated', text);
    expect(result.ok && result.row.deactivated).toBe(expected);
  });

  it('quotes bad feed values back with the row number', async () => {
    const result = await checkedRow(
      'bin_count,bin_count_full_threshold,deactivated,last_online',
      'two,3,maybe,yesterday',
    );
    expect(result.ok ? [] : result.errors).toEqual([
      'row 2 (RVM-1): bin_count "two" must be a whole number from 0 to 1000',
      'row 2 (RVM-1): deactivated "maybe" must be true or false',
      'row 2 (RVM-1): last_online "yesterday" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ]);
    expect(await checkedRow('bin_count,bin_count_full_threshold', '2,3')).toEqual({
      ok: false,
      errors: ['row 2 (RVM-1): bin_count_full_threshold 3 must not be more than bin_count 2'],
    });
  });

  it('keeps unknown columns as text; a blank cell is no field, as a CSV cannot tell it from one left out', async () => {
    const result = await checkedRow('operator_note,sensor_id,empty', '"new, by the gate",0042, ');
    expect(result.ok && result.row.extra).toEqual({ operator_note: 'new, by the gate', sensor_id: '0042' });
  });

  it('reads a JSON object or array in an unknown column as that value, as the export writes one', async () => {
    const result = await checkedRow('sensor,readings,note', '"{""model"":""RX-2""}","[1,2]",{not json');
    expect(result.ok && result.row.extra).toEqual({ sensor: { model: 'RX-2' }, readings: [1, 2], note: '{not json' });
  });

  it("reads a cell the export marked as text ('=…, '-…) without its mark", async () => {
    const result = await checkedRow('operator_note', '"\'=SUM(A1)"');
    expect(result.ok && result.row.extra).toEqual({ operator_note: '=SUM(A1)' });
  });

  it('accepts picture and thumbnail columns and ignores them, as JSON import does', async () => {
    const result = await checkedRow('picture,thumbnail', 'x,/api/file/x');
    expect(result.ok && result.row).toMatchObject({ photo: null, extra: null });
  });

  it('refuses a row whose unknown columns hold more than 8 KB', async () => {
    const result = await checkedRow('note', 'x'.repeat(9000));
    expect(result.ok ? [] : result.errors).toEqual([
      'row 2 (RVM-1): the unknown fields take more than 8192 bytes as JSON, the most kept per machine',
    ]);
  });

  it.each([
    ['coordinates', 'x', /header: column "coordinates" cannot be read from CSV: give "lat" and "lng" columns/],
    ['__proto__', 'x', /header: column "__proto__" cannot be kept: the name is reserved/],
    ['constructor', 'x', /header: column "constructor" cannot be kept: the name is reserved/],
    ['Status', 'Full', /header: column "Status" clashes with the known field "status"/],
    ['LAT', '22.3', /header: column "LAT" clashes with the known field "lat"/],
    ['Deactivated', 'yes', /header: column "Deactivated" clashes with the known field "deactivated"/],
    ['', 'x', /header: a column has no name/],
  ])('refuses a header with the unknown column %j, once for the whole file', async (column, value, message) => {
    await expect(collect(machineRowsFromCsv(csv(column, value)))).rejects.toThrow(CsvError);
    await expect(collect(machineRowsFromCsv(csv(column, value)))).rejects.toThrow(message);
  });

  it('refuses more than 50 unknown columns', async () => {
    const names = Array.from({ length: 51 }, (_, i) => `c${i}`);
    await expect(collect(machineRowsFromCsv(csv(names.join(','), names.map(() => '1').join(','))))).rejects.toThrow(
      'header: has 51 unknown columns, at most 50 are kept',
    );
  });
});
