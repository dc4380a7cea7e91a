import { describe, expect, it } from 'vitest';
import { checkMachineEdit } from '../../shared/contract/machineEdit';
import { PROBLEM_CODES, problem } from '../../shared/contract/problems';
import { problemText } from './problemText';

describe('problemText: the contract’s problems in English', () => {
  it('writes a sentence for every code, naming the field and quoting its value', () => {
    for (const code of PROBLEM_CODES) {
      // The coordinates' sentences quote a part of the pair; the others the field's value.
      const field = ['notNumber', 'outsideMap', 'swapped'].includes(code) ? 'coordinates' : 'name_en';
      const text = problemText(
        problem(field, code, {
          max: 200,
          min: 0,
          options: ['a'],
          known: 'x',
          count: 51,
          axis: 'latitude',
          owner: 'KOWLOON',
          area: 'HONG_KONG',
          field: 'bin_count',
          firstRow: 2,
          district: 'SHA TIN',
          yours: 'TAI PO',
          earliest: '2000-01-01',
        }),
        {
          name_en: 'x',
          coordinates: [1, 2],
        },
      );
      expect(text, code).toMatch(/\w/);
      expect(text, code).not.toMatch(/undefined|\[object/);
    }
  });

  it('says the same of text too long, blank or not text: the rule the import has always given', () => {
    const lines = ['textLength', 'required', 'notText'].map((code) =>
      problemText(problem('name_en', code as 'textLength'), { name_en: 'x' }),
    );
    expect(new Set(lines)).toEqual(new Set(['name_en "x" must be text of 1 to 200 characters']));
    expect(problemText(problem('opening_hours', 'notText'), { opening_hours: 7 })).toBe(
      'opening_hours 7 must be empty or text of up to 200 characters',
    );
  });

  it("writes an operator's bad edit the same way", () => {
    const body = { picture: { id: '../x' }, id: 'RVM-2', last_full: 'soon' };
    const checked = checkMachineEdit(body);
    expect(checked.ok ? [] : checked.problems.map((found) => problemText(found, body))).toEqual([
      'picture {"id":"../x"} must be { id } of a photo uploaded before, or null',
      '"id" is not a field an operator may change',
      'last_full "soon" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ]);
  });
});
