import type { FromSchema } from 'json-schema-to-ts';

/**
 * What is wrong with a machine, as data: the field, a code, and the numbers or values the code's sentence needs.
 * The import writes each as an English line (server/machines/problemText.ts); the console translates the code
 * beside the field; the server answers a bad operator edit with them (`invalidMachine`).
 */
export const PROBLEM_CODES = [
  // the whole row (field null)
  'notAnObject',
  'tooDeep',
  'tooManyValues',
  // one field
  'required',
  'notText',
  'textLength',
  'notOneOf',
  'notBoolean',
  'notInteger',
  'integerRange',
  'dateTime',
  'timeOutOfRange',
  'machineId',
  'fileName',
  'photoId',
  // hand-written rules: what a schema cannot say
  'coordinatesPair',
  'notNumber',
  'swapped',
  'outsideMap',
  'unknownDistrict',
  'districtOutsideArea',
  'moreThan',
  // the fields no known field claims (field: the unknown field's name, or null for all of them)
  'reservedName',
  'noName',
  'clashesWithKnown',
  'tooManyExtras',
  'extraNotJson',
  'extraTooDeep',
  'extraTooLarge',
  // an edit
  'notEditable',
  'noField',
  // a row of a file among the others: an id used before; a machine outside the districts of the person importing
  'duplicateId',
  'outsideDistricts',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const MACHINE_PROBLEM_SCHEMA = {
  $id: 'MachineProblem',
  type: 'object',
  required: ['field', 'code', 'params'],
  additionalProperties: false,
  properties: {
    field: { type: ['string', 'null'], description: 'The field the problem is about; null for the whole machine' },
    code: { type: 'string', enum: PROBLEM_CODES },
    params: {
      type: 'object',
      additionalProperties: true,
      description: "What the code's sentence needs, e.g. `{ max: 200 }` for `textLength`",
    },
  },
} as const;

/** One problem; `params` as the code's sentence needs them (see `problem` below for each code's). */
export type MachineProblem = Omit<FromSchema<typeof MACHINE_PROBLEM_SCHEMA>, 'code' | 'params'> & {
  code: ProblemCode;
  params: Readonly<Record<string, unknown>>;
};

export const problem = (
  field: string | null,
  code: ProblemCode,
  params: Readonly<Record<string, unknown>> = {},
): MachineProblem => ({ field, code, params });
