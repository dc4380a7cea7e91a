import type { Call } from '../../api/client';
import { API_BASE_PATH } from '../../config';
import {
  ACCESS_ACTIONS,
  ACCESS_CHANGE_AFTER_SCHEMA,
  AUDIT_PAGE_ANSWER_SCHEMA,
  HOLD_DECISION_SCHEMA,
  type AccessAction,
  type AccessChange as FullAccessChange,
  type AuditEntry,
} from '../../../shared/contract/auditEntry';
import { checkWire, type Wire } from '../../../shared/contract/wire';
import { isRecord } from '../../../shared/isRecord';
import { readAnswer } from '../readAnswer';

export { ACCESS_ACTIONS, type AccessAction, type AuditEntry };

export interface AuditFilter {
  person: string;
  machine: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next, older page starts (`before`), or null at the oldest. */
  next: string | null;
}

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 100;

/** A page of the audit as its contract says, or the client's ApiError `invalid-json` naming what differs. */
export function parseAuditPage(body: unknown): AuditPage {
  const { entries, next } = readAnswer(AUDIT_PAGE_ANSWER_SCHEMA, body);
  return { entries, next };
}

/** The filters as the audit's query (the CSV download takes the same). */
export function auditQuery(filter: AuditFilter, before: string | null = null): string {
  const params = new URLSearchParams();
  if (filter.person.trim()) params.set('person', filter.person.trim());
  if (filter.machine.trim()) params.set('machine', filter.machine.trim());
  if (before !== null) params.set('before', before);
  return params.toString();
}

export async function fetchAuditPage(call: Call, filter: AuditFilter, before: string | null): Promise<AuditPage> {
  const query = auditQuery(filter, before);
  const limit = `limit=${AUDIT_PAGE_SIZE}`;
  const body = await call(`operator/audit?${query ? `${query}&` : ''}${limit}`, undefined, {
    method: 'GET',
    not_blocking: true,
    throw_error: true,
  });
  return parseAuditPage(body);
}

/** The CSV download of the same filters: a plain link, sent with the session cookie. */
export const auditCsvUrl = (filter: AuditFilter): string => {
  const query = auditQuery(filter);
  return `${API_BASE_PATH}operator/audit.csv${query ? `?${query}` : ''}`;
};

/** What changed between `before` and `after`: each field whose value differs, in the order of `after`. */
export function changedFields(before: unknown, after: unknown): { field: string; from: unknown; to: unknown }[] {
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, from: was[field], to: now[field] }));
}

/** An admin's decision on a held sync, as an audit entry of kind `hold` records it. */
export type HoldDecision = Wire<typeof HOLD_DECISION_SCHEMA>;

/** The decision an entry records, or null for any other kind of entry or one this page cannot read. */
export function holdDecision(entry: AuditEntry): HoldDecision | null {
  if (entry.kind !== 'hold') return null;
  const checked = checkWire(HOLD_DECISION_SCHEMA, entry.after);
  return checked.ok ? checked.value : null;
}

/** The text of a decision: its key in the console's locale files, and the values it takes. */
export const holdDecisionText = ({ hold, decision, machines }: HoldDecision) =>
  ({
    key: decision === 'confirmed' ? 'audit.holdConfirmed' : 'audit.holdRejected',
    params: { hold, count: machines },
  }) as const;

/** A change outside the machines, as an audit entry of kind `access` records it. */
export type AccessChange = Pick<FullAccessChange, 'action' | 'subject' | 'detail'>;

/** The change an entry records, or null for any other kind of entry or one this page cannot read. */
export function accessChange(entry: AuditEntry): AccessChange | null {
  if (entry.kind !== 'access') return null;
  const checked = checkWire(ACCESS_CHANGE_AFTER_SCHEMA, entry.after);
  if (!checked.ok) return null;
  const { action, subject, detail } = checked.value;
  return { action, subject, detail };
}

/** A photo's id is its SHA-256: its first 12 digits name it well enough in a sentence. */
const PHOTO_ID_SHOWN = 12;

/**
 * The sentence of a change: its key in the console's locale files, and the values it takes (a person's or token's
 * `name`, a rule's, webhook's or photo's `id`).
 */
export const accessChangeText = ({ action, subject }: Pick<AccessChange, 'action' | 'subject'>) =>
  ({
    key: `audit.actions.${action}`,
    params: { name: subject, id: action === 'photoUploaded' ? subject.slice(0, PHOTO_ID_SHOWN) : subject },
  }) as const;

/** Each field of a change's detail as a line: `field: from → to` for a change, `field: value` for a value kept. */
export function detailLines(detail: Record<string, unknown>, show: (value: unknown) => string): string[] {
  return Object.entries(detail).map(([field, value]) =>
    isRecord(value) && 'from' in value && 'to' in value
      ? `${field}: ${show(value.from)} → ${show(value.to)}`
      : `${field}: ${show(value)}`,
  );
}
