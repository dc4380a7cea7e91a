import { STATUSES } from '../../shared/machine';
import { checkFeedTimestamp, FEED_TIMESTAMP_FIELDS } from './feedFields';
import { TEXT_EDIT_FIELDS, type MachineChange } from './machineChange';
import { TEXT_MAX_CHARS } from './validate';

/** What is wrong with one field of an edit, as data the console translates beside the field. */
export interface EditProblem {
  /** The field; null for the whole body. */
  field: string | null;
  code: string;
  params: Record<string, unknown>;
}

export type EditCheck = { ok: true; change: MachineChange } | { ok: false; problems: EditProblem[] };

/** A stored photo's id: the SHA-256 of its bytes, as `POST /api/upload` answers it. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{64}$/;

type Check = (field: string, value: unknown) => { value: unknown } | EditProblem;
const problem = (field: string | null, code: string, params: Record<string, unknown> = {}): EditProblem => ({
  field,
  code,
  params,
});

const oneOf =
  (options: readonly unknown[]): Check =>
  (field, value) =>
    options.includes(value) ? { value } : problem(field, 'notOneOf', { options });
const boolean: Check = (field, value) => (typeof value === 'boolean' ? { value } : problem(field, 'notBoolean'));
const time: Check = (field, value) => {
  const checked = checkFeedTimestamp(value);
  return checked === undefined ? problem(field, 'dateTime') : { value: checked };
};
/** As the import reads a text: trimmed, 1 to TEXT_MAX_CHARS characters; the hours may be empty (none). */
const text =
  (optional: boolean): Check =>
  (field, value) => {
    if ((value === null || value === undefined) && optional) return { value: null };
    if (typeof value !== 'string') return problem(field, 'notText');
    const trimmed = value.trim();
    if (trimmed === '') return optional ? { value: null } : problem(field, 'required');
    return trimmed.length <= TEXT_MAX_CHARS
      ? { value: trimmed }
      : problem(field, 'textLength', { max: TEXT_MAX_CHARS });
  };
const picture: Check = (field, value) => {
  if (value === null) return { value: null };
  const keys = typeof value === 'object' && !Array.isArray(value) ? Object.keys(value as object) : [];
  const id = (value as { id?: unknown } | undefined)?.id;
  return keys.length === 1 && typeof id === 'string' && PHOTO_ID_PATTERN.test(id)
    ? { value: { id } }
    : problem(field, 'photoId');
};

const CHECKS: Record<string, Check> = {
  status: oneOf(STATUSES),
  under_maintenance: boolean,
  service_status: oneOf([0, 1]),
  deactivated: boolean,
  ...Object.fromEntries(FEED_TIMESTAMP_FIELDS.map((field) => [field, time])),
  ...Object.fromEntries(TEXT_EDIT_FIELDS.map((field) => [field, text(field === 'opening_hours')])),
  picture,
};
export const EDITABLE_FIELDS = Object.keys(CHECKS);

/** Checks an operator's edit: an object of editable fields, at least one, each valid; every problem is given. */
export function checkOperatorEdit(body: unknown): EditCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problems: [problem(null, 'notAnObject')] };
  }
  const entries = Object.entries(body);
  if (entries.length === 0) return { ok: false, problems: [problem(null, 'noField')] };
  const problems: EditProblem[] = [];
  const change: Record<string, unknown> = {};
  for (const [field, value] of entries) {
    const check = Object.hasOwn(CHECKS, field) ? CHECKS[field]! : null;
    const checked = check ? check(field, value) : problem(field, 'notEditable');
    if ('value' in checked) change[field] = checked.value;
    else problems.push(checked);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, change: change as MachineChange };
}
