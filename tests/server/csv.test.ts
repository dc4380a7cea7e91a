import { describe, expect, it } from 'vitest';
import { CsvError, csvToObjects, parseCsv } from '../../server/machines/csv';

describe('parseCsv', () => {
  it.each([
    ['plain fields', 'a,b,c\n1,2,3\n', [['a', 'b', 'c'], ['1', '2', '3']]],
    ['no final line break', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['CRLF line ends', 'a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['a BOM', '\uFEFFa,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['empty fields', ',,\n', [['', '', '']]],
    ['a comma in quotes', '"a,b",c\n', [['a,b', 'c']]],
    ['doubled quotes', '"say ""hi""",x\n', [['say "hi"', 'x']]],
    ['a line break in quotes', '"line 1\nline 2",x\n', [['line 1\nline 2', 'x']]],
    ['CRLF in quotes kept', '"a\r\nb"\r\n', [['a\r\nb']]],
    ['an empty quoted field', '"",x\n', [['', 'x']]],
    ['spaces kept', ' a , b \n', [[' a ', ' b ']]],
    ['Chinese text', '名稱,地址\n灣仔,港灣道\n', [['名稱', '地址'], ['灣仔', '港灣道']]],
    ['nothing', '', []],
  ])('reads %s', (_name, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });

  it.each([
    ['an unclosed quote', 'a\n"open,b\n', /line 2: a quoted field is never closed/],
    ['text after a closing quote', '"a"b,c\n', /line 1: unexpected text after a closing quote/],
    ['a bare quote inside a field', 'ab"c,d\n', /line 1: a quote inside an unquoted field/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseCsv(text)).toThrow(CsvError);
    expect(() => parseCsv(text)).toThrow(message);
  });
});

describe('csvToObjects', () => {
  it('keys records by the trimmed header, numbers rows as a spreadsheet does and skips blank lines', () => {
    expect(csvToObjects(' id , name\n1,a\n\n2,b\n')).toEqual({
      header: ['id', 'name'],
      rows: [
        { rowNumber: 2, values: { id: '1', name: 'a' } },
        { rowNumber: 4, values: { id: '2', name: 'b' } },
      ],
    });
  });

  it('refuses a record with the wrong number of fields, naming its row', () => {
    expect(() => csvToObjects('id,name\n1,a\n2,b,extra\n')).toThrow('row 3: has 3 fields, the header has 2');
  });

  it('refuses a missing or duplicated header', () => {
    expect(() => csvToObjects('')).toThrow('no header line');
    expect(() => csvToObjects('id,id\n1,2\n')).toThrow('column "id" appears twice');
  });
});
