import { describe, expect, it } from 'vitest';
import { exportCell, looksLikeFormula, readCell } from '../machines/csvCell';
import { csvCell } from './auditCsv';

/** Every first character a spreadsheet may run, in each form it may come in. */
const FORMULA_STARTS: [string, string][] = [
  ['an equals sign', '=HYPERLINK("http://evil.example","click")'],
  ['a plus', '+1+cmd'],
  ['a minus', '-2+3'],
  ['an at sign', '@SUM(A1:A9)'],
  ['a pipe (DDE)', "|cmd /C calc'!A0"],
  ['a tab', '\t=1+1'],
  ['a carriage return', '\r=1+1'],
  ['a line feed', '\n=1+1'],
  ['a full-width equals sign', '＝HYPERLINK("http://evil.example")'],
  ['a full-width plus', '＋1+1'],
  ['a full-width minus', '－1+1'],
  ['a full-width at sign', '＠SUM(A1)'],
  ['a full-width pipe', '｜cmd'],
  ['a small equals sign', '﹦1+1'],
  ['a small plus', '﹢1'],
  ['a small hyphen-minus', '﹣1'],
  ['a small at sign', '﹫SUM(A1)'],
];

const PLAIN: [string, string][] = [
  ['text', 'Sha Tin Park'],
  ['Chinese', '沙田公園'],
  ['a formula character inside', 'a=b+c-d@e|f'],
  ['a quote first', "'quoted'"],
  ['a space first', ' =1'],
  ['a number', '22.3'],
  ['nothing', ''],
];

describe('looksLikeFormula', () => {
  it.each(FORMULA_STARTS)('is true for %s first', (_name, text) => {
    expect(looksLikeFormula(text)).toBe(true);
  });

  it.each(PLAIN)('is false for %s', (_name, text) => {
    expect(looksLikeFormula(text)).toBe(false);
  });
});

describe('both CSV exports mark every would-be formula as text', () => {
  it.each(FORMULA_STARTS)('the machines export and the audit export mark %s', (_name, text) => {
    for (const cell of [exportCell(text), csvCell(text)]) {
      // A quoted cell opens with a quote; the cell's own text follows.
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
      expect(unquoted).toBe(`'${text}`);
    }
  });

  it.each(FORMULA_STARTS)('the import reads back %s without its mark', (_name, text) => {
    const cell = exportCell(text);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    expect(readCell(unquoted)).toBe(text);
  });

  it.each(PLAIN)('leaves %s unmarked, and the import reads it as it is', (_name, text) => {
    const cell = exportCell(text);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    expect(unquoted).toBe(text);
    expect(readCell(unquoted)).toBe(text);
    expect(csvCell(text).replace(/^"|"$/g, '')).toBe(text.replaceAll('"', '""'));
  });
});
