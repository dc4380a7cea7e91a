import type { Call } from '../../api/client';
import { API_BASE_PATH } from '../../config';
import { isRecord } from '../../../shared/isRecord';

/** One change as the audit records it (GET /api/operator/audit, docs/operators.md#the-consoles-calls). */
export interface AuditEntry {
  id: string;
  at: string;
  /** The person's name, or the token's name, or the command and who ran it. */
  actor: string;
  actorKind: 'person' | 'token' | 'command';
  /** The client's address. */
  address: string;
  machineId: string | null;
  kind: string;
  before: unknown;
  after: unknown;
}

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

export function parseAuditPage(body: unknown): AuditPage {
  if (!isRecord(body) || !Array.isArray(body.entries)) return { entries: [], next: null };
  const entries = body.entries.flatMap((entry: unknown): AuditEntry[] => {
    if (!isRecord(entry) || typeof entry.at !== 'string' || typeof entry.actor !== 'string') return [];
    return [
      {
        id: String(entry.id ?? `${entry.at} ${entry.actor}`),
        at: entry.at,
        actor: entry.actor,
        actorKind: entry.actorKind === 'token' || entry.actorKind === 'command' ? entry.actorKind : 'person',
        address: typeof entry.address === 'string' ? entry.address : '',
        machineId: typeof entry.machineId === 'string' ? entry.machineId : null,
        kind: typeof entry.kind === 'string' ? entry.kind : '',
        before: entry.before ?? null,
        after: entry.after ?? null,
      },
    ];
  });
  const next = body.next;
  return { entries, next: typeof next === 'string' || typeof next === 'number' ? String(next) : null };
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
export interface HoldDecision {
  hold: number;
  decision: 'confirmed' | 'rejected';
  /** The machines it deactivated (confirmed) or kept active (rejected). */
  machines: number;
}

/** The decision an entry records, or null for any other kind of entry or one this page cannot read. */
export function holdDecision(entry: AuditEntry): HoldDecision | null {
  const { after } = entry;
  if (entry.kind !== 'hold' || !isRecord(after)) return null;
  const { hold, decision, machines } = after;
  if (typeof hold !== 'number' || typeof machines !== 'number') return null;
  if (decision !== 'confirmed' && decision !== 'rejected') return null;
  return { hold, decision, machines };
}

/** The text of a decision: its key in the console's locale files, and the values it takes. */
export const holdDecisionText = ({ hold, decision, machines }: HoldDecision) =>
  ({
    key: decision === 'confirmed' ? 'audit.holdConfirmed' : 'audit.holdRejected',
    params: { hold, count: machines },
  }) as const;

/** What an admin (or a person, of their own password) changed outside the machines: the server's access audit. */
export const ACCESS_ACTIONS = [
  'personAdded',
  'personChanged',
  'personDisabled',
  'personEnabled',
  'passwordReset',
  'tokenCreated',
  'tokenRevoked',
  'personUnlocked',
  'passwordChanged',
  'alertRuleAdded',
  'alertRuleChanged',
  'alertRuleDeleted',
  'webhookAdded',
  'webhookChanged',
  'webhookSecretChanged',
  'webhookDeleted',
  'photoUploaded',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** A change outside the machines, as an audit entry of kind `access` records it. */
export interface AccessChange {
  action: AccessAction;
  /** The person's or token's name, the rule's or webhook's number, the photo's id. */
  subject: string;
  /** What changed: `{ field: { from, to } }`, or the fields kept (never a password or a secret). */
  detail: Record<string, unknown>;
}

/** The change an entry records, or null for any other kind of entry or one this page cannot read. */
export function accessChange(entry: AuditEntry): AccessChange | null {
  const { after } = entry;
  if (entry.kind !== 'access' || !isRecord(after)) return null;
  const { action, subject, detail } = after;
  if (!ACCESS_ACTIONS.includes(action as AccessAction) || typeof subject !== 'string') return null;
  return { action: action as AccessAction, subject, detail: isRecord(detail) ? detail : {} };
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
