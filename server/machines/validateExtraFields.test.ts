import { describe, expect, it } from 'vitest';
import { EXTRA_MAX_BYTES, EXTRA_MAX_KEYS, jsonSize } from '../../shared/contract/extraFields';
import { validateMachineRow } from './validate';
import { GOOD_ROW as GOOD } from '../../tests/fixtures/machineRows';

/** A row as JSON.parse gives it, so "__proto__" is an ordinary own key as in a real file. */
const parsedRow = (extra: string): unknown => JSON.parse(`{${JSON.stringify(GOOD).slice(1, -1)}, ${extra}}`);
const errorsOf = (input: unknown): string[] => {
  const result = validateMachineRow(input, 12);
  return result.ok ? [] : result.errors;
};

describe('unknown fields in a row', () => {
  it('keeps them untouched, whatever JSON they hold, and none of the known ones', () => {
    const unknown = {
      operator_note: 'new machine',
      sensor: { battery: 87, readings: [1, 2.5, null, true, 'x'], nested: { deeper: {} } },
      adress_en: 'a typo is kept too',
      empty: '',
      nothing: null,
      名稱: '灣仔',
    };
    const result = validateMachineRow({ ...GOOD, ...unknown, picture: { id: 'x' }, thumbnail: '/api/file/x' }, 1);
    expect(result.ok && result.row.extra).toEqual(unknown);
    expect(result.ok && result.row).not.toHaveProperty('operator_note');
  });

  it('has no extra object when a row has no unknown field', () => {
    const result = validateMachineRow(GOOD, 1);
    expect(result.ok && result.row.extra).toBeNull();
  });

  it(`keeps ${EXTRA_MAX_KEYS} unknown fields and up to ${EXTRA_MAX_BYTES} bytes of them`, () => {
    const many = Object.fromEntries(Array.from({ length: EXTRA_MAX_KEYS }, (_, i) => [`field_${i}`, i]));
    expect(errorsOf({ ...GOOD, ...many })).toEqual([]);
    const justFits = { note: 'x'.repeat(EXTRA_MAX_BYTES - '{"note":""}'.length) };
    expect(jsonSize(justFits, EXTRA_MAX_BYTES)).toBe(EXTRA_MAX_BYTES);
    expect(errorsOf({ ...GOOD, ...justFits })).toEqual([]);
  });

  it.each([
    [
      '"__proto__"',
      '"__proto__": {"polluted": true}',
      'row 12 (RVM-012): field "__proto__" cannot be kept: the name is reserved',
    ],
    [
      '"constructor"',
      '"constructor": "x"',
      'row 12 (RVM-012): field "constructor" cannot be kept: the name is reserved',
    ],
    ['"prototype"', '"prototype": 1', 'row 12 (RVM-012): field "prototype" cannot be kept: the name is reserved'],
    [
      'a known field in capitals',
      '"Status": "Full"',
      'row 12 (RVM-012): field "Status" clashes with the known field "status"',
    ],
    [
      'a known field with spaces',
      '" bin_count ": 3',
      'row 12 (RVM-012): field " bin_count " clashes with the known field "bin_count"',
    ],
    ['an empty name', '"": 1', 'row 12 (RVM-012): a field has no name'],
    [
      'more than 8 KB',
      `"note": "${'x'.repeat(EXTRA_MAX_BYTES)}"`,
      'row 12 (RVM-012): the unknown fields take more than 8192 bytes as JSON, the most kept per machine',
    ],
    [
      'more than 8 KB in many small values',
      `"list": [${Array(EXTRA_MAX_BYTES).fill('1').join(',')}]`,
      'row 12 (RVM-012): the unknown fields take more than 8192 bytes as JSON, the most kept per machine',
    ],
    [
      'nesting deeper than 32 levels',
      `"deep": ${'['.repeat(40)}${']'.repeat(40)}`,
      'row 12 (RVM-012): the unknown fields nest arrays or objects more than 32 levels deep',
    ],
  ])('refuses %s', (_name, extra, expected) => {
    expect(errorsOf(parsedRow(extra))).toEqual([expected]);
  });

  it(`refuses more than ${EXTRA_MAX_KEYS} unknown fields`, () => {
    const many = Object.fromEntries(Array.from({ length: EXTRA_MAX_KEYS + 1 }, (_, i) => [`field_${i}`, i]));
    expect(errorsOf({ ...GOOD, ...many })).toEqual(['row 12 (RVM-012): has 51 unknown fields, at most 50 are kept']);
  });

  it.each([
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a Date', new Date(0)],
    ['a function', () => 1],
    ['a Map', new Map()],
    ['an array with holes', new Array<number>(2)],
  ])('refuses a value that JSON cannot hold: %s', (_name, value) => {
    expect(errorsOf({ ...GOOD, note: value })).toEqual([
      'row 12 (RVM-012): the unknown fields must hold JSON values (text, numbers, true/false, null, arrays, objects)',
    ]);
  });

  it('stops early on huge or very deep values', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(jsonSize(deep, EXTRA_MAX_BYTES)).toBe('tooDeep');
    expect(jsonSize(new Array(5_000_000).fill(0), EXTRA_MAX_BYTES)).toBe('tooLarge');
    expect(jsonSize({ 名: '灣仔' }, EXTRA_MAX_BYTES)).toBe(Buffer.byteLength('{"名":"灣仔"}'));
  });
});
