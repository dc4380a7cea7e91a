import { IMPORT_APPLY_LINE_SCHEMA, IMPORT_PREVIEW_ANSWER_SCHEMA } from '../../shared/contract/importPreview';
import { IMPORT_FILE_MAX_BYTES } from '../http/importUpload';
import { errorAnswer, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer } from './authSchemas';

/** The schemas of the console's import: the file sent, the preview answered, the apply's progress lines. */

export const IMPORT_FORM = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description: `A .csv or .json data set (the import command's columns and fields), at most ${IMPORT_FILE_MAX_BYTES} bytes`,
          },
        },
      },
    },
  },
} as const;

const REASONS = {
  reasons: {
    type: 'array',
    items: { type: 'string' },
    description: 'Why the file cannot be read, as the command says',
  },
} as const;

export const IMPORT_ERRORS = {
  400: consoleErrorAnswer(
    'importUnreadable: not a data set (bad JSON, a missing CSV column, no rows), `reasons` says why; fileMissing: ' +
      'no field named file; importNothingToApply (apply): no row would add or change a machine; badRequest',
    REASONS,
  ),
  401: errorAnswer('unauthorized: no session and no operator token, or a wrong one (the body is not read)'),
  403: consoleErrorAnswer(
    'forbidden: a viewer; csrfRejected: a session without its x-csrf-token, or from another site; passwordChangeRequired',
  ),
  413: errorAnswer(`fileTooLarge: the file is over ${IMPORT_FILE_MAX_BYTES} bytes`),
  415: errorAnswer('unsupportedMediaType: not multipart/form-data; unsupportedFileType: not a .csv or .json file'),
  429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
  503: consoleErrorAnswer(
    'importBusy: the server is reading as many imports as it takes at once, and did not read this file; try again ' +
      'after retryAfterSeconds (also in Retry-After). systemError: the database is busy',
    { retryAfterSeconds: { type: 'integer', minimum: 1, description: 'When to try again, in seconds' } },
  ),
  ...SERVER_ERRORS,
} as const;

export const PREVIEW_ANSWER = {
  description: 'What applying the file would do; nothing was written',
  ...IMPORT_PREVIEW_ANSWER_SCHEMA,
} as const;

export const APPLY_QUERY = {
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: { key: { type: 'string', maxLength: 128, description: "The preview's `key`" } },
} as const;

export const APPLY_ANSWER = {
  description:
    'Newline-delimited JSON, one object a line as the work goes: `{ progress: { phase, unit, total, done } }` for ' +
    'each step (photos, then rows saved), then the outcome: `{ success: true, outcome: { inserted, updated, photos, ' +
    'warnings } }`, or `{ success: false, msg, reasons? }` when the write failed and nothing was written',
  content: {
    'application/x-ndjson': {
      schema: IMPORT_APPLY_LINE_SCHEMA,
    },
  },
} as const;
