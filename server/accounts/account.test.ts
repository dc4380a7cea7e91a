import { describe, expect, it } from 'vitest';
import { accountNameProblem, normalizeAccountName, parseDistrictList } from './account';

describe('account names', () => {
  it.each([
    ['Ann', 'ann'],
    ['  ann  ', 'ann'],
    ['ＡＮＮ', 'ann'],
    ['Bob.Chan@Example.org', 'bob.chan@example.org'],
    ['陳大文', '陳大文'],
  ])('%j is spelt %j', (typed, stored) => {
    expect(normalizeAccountName(typed)).toBe(stored);
  });

  it.each(['ann', 'bob.chan@example.org', 'op-7', 'a_b', '陳大文', 'x'.repeat(64)])('%j is a good name', (name) => {
    expect(accountNameProblem(name)).toBeNull();
  });

  it.each([
    ['', /needed/],
    ['x'.repeat(65), /at most 64/],
    ['.ann', /letters and digits/],
    ['-ann', /letters and digits/],
    ['ann smith', /letters and digits/],
    ['ann/../root', /letters and digits/],
    ['ann\u0000', /letters and digits/],
    ['<script>', /letters and digits/],
  ])('%j is refused', (name, problem) => {
    expect(accountNameProblem(name)).toMatch(problem);
  });
});

describe('parseDistrictList', () => {
  it('reads districts as typed, in the spec order, without repeats', () => {
    expect(parseDistrictList('tai po, SHA TIN,Sha  Tin')).toEqual({ districts: ['TAI PO', 'SHA TIN'] });
    expect(parseDistrictList('central & western')).toEqual({ districts: ['CENTRAL & WESTERN'] });
  });

  it('is every district when empty', () => {
    expect(parseDistrictList('')).toEqual({ districts: [] });
    expect(parseDistrictList(' , ')).toEqual({ districts: [] });
  });

  it('names what is not a district', () => {
    expect(parseDistrictList('SHA TIN, LANTAU, MONGKOK')).toEqual({ unknown: ['LANTAU', 'MONGKOK'] });
  });
});
