import { describe, expect, it } from 'vitest';
import { auditCsvHeader, auditCsvLine, csvCell } from './auditCsv';

describe('csvCell', () => {
  it.each([
    ['plain text', 'ann', 'ann'],
    ['nothing', null, ''],
    ['a number', 12, '12'],
    ['a comma', 'SHA TIN, TAI PO', '"SHA TIN, TAI PO"'],
    ['a quote', 'the "Full" one', '"the ""Full"" one"'],
    ['a line break', 'two\nlines', '"two\nlines"'],
    ['an object, as JSON', { status: 'Full' }, '"{""status"":""Full""}"'],
    ['Chinese', '沙田', '沙田'],
    ['a formula', '=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['a plus', '+1', "'+1"],
    ['a minus', '-1+2', "'-1+2"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first', '\t=1', "'\t=1"],
  ])('writes %s', (_name, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('the audit as CSV', () => {
  it('starts with a byte-order mark and the columns, and ends each line with CRLF', () => {
    expect(auditCsvHeader()).toBe('\uFEFFid,at,actor,actorKind,address,machineId,kind,before,after\r\n');
    expect(
      auditCsvLine({
        id: 'update-7',
        at: '2026-11-28T08:00:00.000Z',
        actor: 'ann',
        actorKind: 'person',
        address: '192.0.2.1',
        machineId: 'RVM-001',
        kind: 'update',
        before: { status: '>40%' },
        after: { status: 'Full' },
      }),
    ).toBe(
      'update-7,2026-11-28T08:00:00.000Z,ann,person,192.0.2.1,RVM-001,update,"{""status"":"">40%""}","{""status"":""Full""}"\r\n',
    );
  });
});
