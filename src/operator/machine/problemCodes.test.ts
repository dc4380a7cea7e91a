import { describe, expect, it } from 'vitest';
import { checkMachineEdit } from '../../../shared/contract/machineEdit';
import type { PROBLEM_CODES } from '../../../shared/contract/problems';
import en from '../i18n/locales/en.json';
import zhs from '../i18n/locales/zhs.json';
import zht from '../i18n/locales/zht.json';

/** Every code the contract's check of an edit gives: what the server answers a bad PATCH with. */
const EDIT_CODES = [
  'notAnObject',
  'noField',
  'notEditable',
  'required',
  'notText',
  'textLength',
  'notOneOf',
  'notBoolean',
  'notInteger',
  'integerRange',
  'dateTime',
  'photoId',
] as const satisfies readonly (typeof PROBLEM_CODES)[number][];

describe("the machine contract's problem codes in the console", () => {
  it('are worded in each language for every code an edit can be refused with', () => {
    for (const catalogue of [en, zht, zhs]) {
      const words: Record<string, unknown> = catalogue.problem;
      expect(EDIT_CODES.filter((code) => words[code] === undefined)).toEqual([]);
    }
  });

  it('list every code the contract gives for the bad edits tried here', () => {
    const bad: unknown[] = [
      null,
      {},
      { id: 'x' },
      { name_en: ' ' },
      { name_en: 3 },
      { name_en: 'x'.repeat(201) },
      { status: 'nearly' },
      { under_maintenance: 'yes' },
      { service_status: 2 },
      { last_online: 'yesterday' },
      { picture: { id: 'not a hash' } },
    ];
    const codes = new Set(
      bad.flatMap((body) => {
        const checked = checkMachineEdit(body);
        return checked.ok ? [] : checked.problems.map((problem) => problem.code);
      }),
    );
    expect([...codes].filter((code) => !(EDIT_CODES as readonly string[]).includes(code))).toEqual([]);
  });
});
