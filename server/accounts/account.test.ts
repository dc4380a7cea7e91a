import { describe, expect, it } from 'vitest';
import { accountNameProblem, couldBeAccountName, normalizeAccountName, parseDistrictList } from './account';

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

  it.each(['ann', 'bob.chan@example.org', 'op-7', 'a_b', '7eleven', 'x'.repeat(64)])('%j is a good name', (name) => {
    expect(accountNameProblem(name)).toBeNull();
  });

  it.each([
    ['', /needed/],
    ['x'.repeat(65), /at most 64/],
    ['.ann', /letters a-z and digits/],
    ['-ann', /letters a-z and digits/],
    ['ann smith', /letters a-z and digits/],
    ['ann/../root', /letters a-z and digits/],
    ['ann\u0000', /letters a-z and digits/],
    ['<script>', /letters a-z and digits/],
    ['аnn', /letters a-z and digits/],
    ['陳大文', /letters a-z and digits/],
    ['ann\u200b', /letters a-z and digits/],
  ])('%j is refused for a new account', (name, problem) => {
    expect(accountNameProblem(name)).toMatch(problem);
  });

  it('still looks up a name of any script made before, and nothing that could not be a name', () => {
    for (const name of ['ann', '陳大文', 'аnn', 'josé']) expect(couldBeAccountName(name), name).toBe(true);
    for (const name of ['', 'ann smith', '<script>', 'x'.repeat(65)])
      expect(couldBeAccountName(name), name).toBe(false);
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
