import type { FromSchema } from 'json-schema-to-ts';
import { SUCCESS } from './wireParts';

/**
 * What the console's import preview (`POST /api/operator/import/preview`) says applying a file would do. The rows
 * are kept open (no `additionalProperties`): the server sends the plan's rows as they are.
 */

const ROW_REF = {
  rowNumber: { type: 'integer', description: "The row's number as a spreadsheet shows it (a CSV header is row 1)" },
  id: { type: 'string' },
} as const;
const ANY_VALUE = { description: 'A JSON value; null for a field the machine does not have' } as const;

/** A row of any kind: its number and the machine's id. */
export const IMPORT_ROW_SCHEMA = { type: 'object', required: ['rowNumber', 'id'], properties: ROW_REF } as const;

/** A row that adds a machine. */
export const IMPORT_ADDED_ROW_SCHEMA = {
  type: 'object',
  required: ['rowNumber', 'id', 'district', 'name'],
  properties: {
    ...ROW_REF,
    district: { type: 'string' },
    name: {
      type: 'object',
      required: ['en', 'zht', 'zhs'],
      properties: { en: { type: 'string' }, zht: { type: 'string' }, zhs: { type: 'string' } },
    },
  },
} as const;

/** A row that changes a machine, field by field. */
export const IMPORT_CHANGED_ROW_SCHEMA = {
  type: 'object',
  required: ['rowNumber', 'id', 'changes'],
  properties: {
    ...ROW_REF,
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'before', 'after'],
        properties: { field: { type: 'string' }, before: ANY_VALUE, after: ANY_VALUE },
      },
    },
  },
} as const;

/**
 * A row refused, with the contract's problems (`MachineProblem`, by reference: the OpenAPI document's component)
 * and the import command's own lines.
 */
export const IMPORT_REJECTED_ROW_SCHEMA = {
  type: 'object',
  required: ['rowNumber', 'id', 'problems', 'lines'],
  properties: {
    rowNumber: ROW_REF.rowNumber,
    id: { type: ['string', 'null'], description: 'The id the row gives, if any' },
    problems: { type: 'array', items: { $ref: 'MachineProblem#' } },
    lines: { type: 'array', items: { type: 'string' }, description: 'As `npm run import` prints them' },
  },
} as const;

/** A row's type has the schema's fields only: the schemas stay open for the document, the type names what is read. */
type Closed<S> = S & { readonly additionalProperties: false };

export type ImportRow = FromSchema<Closed<typeof IMPORT_ROW_SCHEMA>>;
export type AddedRow = FromSchema<Closed<typeof IMPORT_ADDED_ROW_SCHEMA>>;
export type ChangedRow = FromSchema<Closed<typeof IMPORT_CHANGED_ROW_SCHEMA>>;
export type FieldChange = ChangedRow['changes'][number];
export type RejectedRow = FromSchema<Closed<typeof IMPORT_REJECTED_ROW_SCHEMA>>;

const COUNT = { type: 'integer' } as const;

/** The preview's own fields: what it read, how many rows of each kind, the key that applies it. */
const OUTLINE = {
  file: { type: 'string', description: "The file's own name" },
  rows: { type: 'integer', description: 'Rows read' },
  counts: {
    type: 'object',
    required: ['added', 'changed', 'unchanged', 'deactivated', 'rejected'],
    properties: {
      added: COUNT,
      changed: COUNT,
      unchanged: COUNT,
      deactivated: { ...COUNT, description: 'Changed rows that deactivate an active machine' },
      rejected: COUNT,
    },
  },
  warnings: { type: 'array', items: { type: 'string' }, description: 'Photos named but not sent' },
  key: { type: 'string', description: 'Names this outcome: send it to apply the file' },
} as const;

const REQUIRED = [
  'file',
  'rows',
  'counts',
  'added',
  'changed',
  'unchanged',
  'deactivated',
  'rejected',
  'warnings',
  'key',
] as const;

export const IMPORT_PREVIEW_SCHEMA = {
  type: 'object',
  required: REQUIRED,
  properties: {
    file: OUTLINE.file,
    rows: OUTLINE.rows,
    counts: OUTLINE.counts,
    added: { type: 'array', description: 'Rows that add a machine', items: IMPORT_ADDED_ROW_SCHEMA },
    changed: {
      type: 'array',
      description: 'Rows that change a machine, field by field',
      items: IMPORT_CHANGED_ROW_SCHEMA,
    },
    unchanged: { type: 'array', items: IMPORT_ROW_SCHEMA, description: 'Rows the same as their machine: not written' },
    deactivated: {
      type: 'array',
      items: IMPORT_ROW_SCHEMA,
      description: 'Changed rows that deactivate a machine active now',
    },
    rejected: {
      type: 'array',
      description: "Rows refused, each with the contract's problems and the import command's own lines",
      items: IMPORT_REJECTED_ROW_SCHEMA,
    },
    warnings: OUTLINE.warnings,
    key: OUTLINE.key,
  },
} as const;

/** `{ success: true, preview }`. */
export const IMPORT_PREVIEW_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'preview'],
  properties: { success: SUCCESS, preview: IMPORT_PREVIEW_SCHEMA },
} as const;

const ROWS = { type: 'array' } as const;

/**
 * The same answer with its rows as lists only: the console checks a row against its kind's schema when its page
 * shows it, so a 100,000-row preview costs one JSON.parse, not 100,000 checks.
 */
export const IMPORT_PREVIEW_OUTLINE_SCHEMA = {
  type: 'object',
  required: ['success', 'preview'],
  properties: {
    success: SUCCESS,
    preview: {
      type: 'object',
      required: REQUIRED,
      properties: { ...OUTLINE, added: ROWS, changed: ROWS, unchanged: ROWS, deactivated: ROWS, rejected: ROWS },
    },
  },
} as const;

export type ImportPreviewOutline = FromSchema<typeof IMPORT_PREVIEW_OUTLINE_SCHEMA>['preview'];

/**
 * One line of an apply's answer (`POST /api/operator/import`, newline-delimited JSON): a step's progress, then the
 * outcome, or the failure when the write failed and nothing was written.
 */
export const IMPORT_APPLY_LINE_SCHEMA = {
  type: 'object',
  properties: {
    progress: {
      type: 'object',
      required: ['phase', 'unit', 'total', 'done'],
      properties: {
        phase: { type: 'string' },
        unit: { type: 'string' },
        total: { type: ['integer', 'null'] },
        done: { type: 'integer' },
      },
    },
    success: { type: 'boolean' },
    outcome: {
      type: 'object',
      required: ['inserted', 'updated', 'photos', 'warnings'],
      properties: {
        inserted: { type: 'integer' },
        updated: { type: 'integer' },
        photos: { type: 'integer' },
        warnings: { type: 'array', items: { type: 'string' } },
      },
    },
    msg: { type: 'string', description: 'A failure: its key, as in every failure' },
    reasons: { type: 'array', items: { type: 'string' }, description: 'A failure: why, as the command says' },
  },
} as const;

export type ImportApplyLine = FromSchema<Closed<typeof IMPORT_APPLY_LINE_SCHEMA>>;
export type ApplyProgress = FromSchema<Closed<typeof IMPORT_APPLY_LINE_SCHEMA.properties.progress>>;
export type ApplyOutcome = FromSchema<Closed<typeof IMPORT_APPLY_LINE_SCHEMA.properties.outcome>>;
