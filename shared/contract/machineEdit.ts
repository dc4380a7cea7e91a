import { checkField, fail, ok, type Checked } from './checkField';
import {
  fieldSchema,
  FEED_TIMESTAMP_FIELDS,
  LOCALIZED_FIELDS,
  type ApiMachine,
  type FieldSchema,
  type MachineField,
} from './machine';
import { problem, type MachineProblem } from './problems';

/** The state an operator (or a machine's own controller) reports; the feed's bin counts are the feed's alone. */
export const STATE_EDIT_FIELDS = [
  'status',
  'under_maintenance',
  'service_status',
  'deactivated',
  ...FEED_TIMESTAMP_FIELDS,
] as const satisfies readonly MachineField[];
/** What an operator may change about a machine: its texts in each language, its hours, its photo and its state. */
export const EDITABLE_FIELDS = [...LOCALIZED_FIELDS, 'opening_hours', 'picture', ...STATE_EDIT_FIELDS] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** A stored photo's id: the SHA-256 of its bytes, as `POST /api/upload` answers it. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{64}$/;

/** Where an edit asks more than the machine's schema: an operator sets 0 or 1, and says true or false. */
const EDIT_SCHEMAS: Partial<Record<EditableField, FieldSchema & Record<string, unknown>>> = {
  service_status: { type: 'integer', enum: [0, 1], description: '1 means out of service' },
  deactivated: { type: 'boolean' },
  picture: {
    type: ['object', 'null'],
    required: ['id'],
    additionalProperties: false,
    properties: { id: { type: 'string', pattern: PHOTO_ID_PATTERN.source } },
    description: 'A photo uploaded before (`POST /api/upload`), or null for none',
  },
};

/** A change to a machine, as an edit gives it and the server stores it (texts trimmed, times in UTC). */
export type MachineEdit = Partial<Omit<Pick<ApiMachine, EditableField>, 'picture' | 'service_status'>> & {
  picture?: { id: string } | null;
  service_status?: 0 | 1;
};

export type EditCheck = { ok: true; edit: MachineEdit } | { ok: false; problems: MachineProblem[] };

function checkPicture(value: unknown): Checked {
  if (value === null) return ok(null);
  const id = typeof value === 'object' && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
  const onlyId = typeof value === 'object' && Object.keys(value as object).length === 1;
  return typeof id === 'string' && onlyId && PHOTO_ID_PATTERN.test(id) ? ok({ id }) : fail('picture', 'photoId');
}

/**
 * Checks an edit: an object of editable fields (of `allowed`), at least one, each valid as the machine's schema
 * says (and the edit's own rules above). Every problem is given, each naming its field.
 */
export function checkMachineEdit(body: unknown, allowed: readonly EditableField[] = EDITABLE_FIELDS): EditCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problems: [problem(null, 'notAnObject')] };
  }
  const entries = Object.entries(body);
  if (entries.length === 0) return { ok: false, problems: [problem(null, 'noField')] };
  const problems: MachineProblem[] = [];
  const edit: Record<string, unknown> = {};
  for (const [field, value] of entries) {
    if (!(allowed as readonly string[]).includes(field)) {
      problems.push(problem(field, 'notEditable'));
      continue;
    }
    const editable = field as EditableField;
    const checked =
      editable === 'picture'
        ? checkPicture(value)
        : checkField(field, EDIT_SCHEMAS[editable] ?? fieldSchema(editable), value);
    if (checked.ok) edit[field] = checked.value;
    else problems.push(...checked.problems);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, edit: edit as MachineEdit };
}

/**
 * The JSON Schema of an edit of these fields (`PATCH /api/operator/machines/:id`'s body). A time is text here: the
 * route's validator would refuse one without an offset, which the check reads as Hong Kong time.
 */
export function machineEditSchema(fields: readonly EditableField[] = EDITABLE_FIELDS) {
  const properties = Object.fromEntries(
    fields.map((field) => {
      const schema: Record<string, unknown> = { ...(EDIT_SCHEMAS[field] ?? fieldSchema(field)) };
      if (schema.format === 'date-time') {
        delete schema.format;
        schema.description = 'ISO 8601 date-time (no offset = Hong Kong time), stored in UTC; null or "" clears it';
      }
      return [field, schema];
    }),
  );
  return { type: 'object', additionalProperties: false, minProperties: 1, properties } as const;
}
