import {
  EARLIEST_REPORT_DAY,
  isPlausibleReportTime,
  parseFeedTimestamp,
  REPORT_MAX_AHEAD_MINUTES,
} from '../feedTimestamp';
import { baseType, isNullable, type FieldSchema } from './machine';
import { problem, type MachineProblem } from './problems';

/** A field's value as it is stored, or what is wrong with it. */
export type Checked = { ok: true; value: unknown } | { ok: false; problems: readonly MachineProblem[] };

export const ok = (value: unknown): Checked => ({ ok: true, value });
export const fail = (field: string, code: MachineProblem['code'], params?: Record<string, unknown>): Checked => ({
  ok: false,
  problems: [problem(field, code, params)],
});

/** Absent, null, or text of spaces only: what an import or an edit means by "no value". */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Checks one value against its field's schema, and gives it as it is stored. Beyond what the schema says: text is
 * trimmed before it is measured; a blank value is null where the field may be null, or the field's default; a
 * date-time may carry any offset or none (Hong Kong time), lies between 2000 and a few minutes after `nowMs` (a report
 * time: isPlausibleReportTime) and is stored in UTC.
 */
export function checkField(field: string, schema: FieldSchema, value: unknown, nowMs = Date.now()): Checked {
  const type = baseType(schema);
  if (isBlank(value) && isNullable(schema)) return ok(null);
  if (isBlank(value) && schema.default !== undefined) return ok(schema.default);
  if (schema.enum) return schema.enum.includes(value) ? ok(value) : fail(field, 'notOneOf', { options: schema.enum });
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : fail(field, 'notBoolean');
    case 'integer':
      return checkInteger(field, schema, value);
    case 'string':
      return schema.format === 'date-time' ? checkDateTime(field, value, nowMs) : checkText(field, schema, value);
    default:
      throw new Error(`${field}: a ${type} is checked by hand`);
  }
}

function checkInteger(field: string, schema: FieldSchema, value: unknown): Checked {
  const { minimum: min, maximum: max } = schema;
  if (min === undefined && max === undefined) {
    return typeof value === 'number' && Number.isSafeInteger(value) ? ok(value) : fail(field, 'notInteger');
  }
  const inRange =
    typeof value === 'number' &&
    Number.isInteger(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max);
  return inRange ? ok(value) : fail(field, 'integerRange', { min, max });
}

function checkDateTime(field: string, value: unknown, nowMs: number): Checked {
  const time = parseFeedTimestamp(value);
  if (time === null) return fail(field, 'dateTime');
  if (!isPlausibleReportTime(time, nowMs)) {
    return fail(field, 'timeOutOfRange', { earliest: EARLIEST_REPORT_DAY, max: REPORT_MAX_AHEAD_MINUTES });
  }
  return ok(new Date(time).toISOString());
}

function checkText(field: string, schema: FieldSchema, value: unknown): Checked {
  const max = schema.maxLength;
  if (value === undefined || value === null) return fail(field, 'required');
  if (typeof value !== 'string') return fail(field, 'notText', { max });
  const text = value.trim();
  if (text.length === 0) return fail(field, 'required');
  return max !== undefined && text.length > max ? fail(field, 'textLength', { max }) : ok(text);
}
