import path from 'node:path';
import type { District } from '../../shared/contract/machine';
import { AUDIT_KINDS, type AuditKind } from '../../shared/contract/auditEntry';
import type { ActorKind } from '../accounts/actor';

/** What the audit records (the contract's): an update, an import, a hold's decision, an access change. */
export { AUDIT_KINDS, type AuditKind };

/** Where an entry stands in the audit's order (newest first: time, then kind, then row): a page ends at one. */
export interface AuditPosition {
  at: string;
  kind: AuditKind;
  row: number;
}

export interface AuditEntry {
  position: AuditPosition;
  actor: string;
  actorKind: ActorKind;
  /** The client address; null for a command run on the server. */
  address: string | null;
  /** The machine changed; null for an import, a hold's decision or a change outside the machines. */
  machineId: string | null;
  /**
   * The machine's fields before and after an update; null before an import, its counts after; null before a hold's
   * decision, after it the hold, the decision and how many machines it deactivated or kept; null before a change
   * outside the machines, after it its action, subject and detail.
   */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditQuery {
  /** Only entries whose actor is this name (an account, or the token's fingerprint). */
  person?: string;
  machine?: string;
  /** Only entries after this one in the audit's order (older). */
  after?: AuditPosition;
  limit: number;
  /**
   * Only updates of machines in these districts and decisions on holds that concern one, and then no imports nor
   * changes outside the machines; empty = everything.
   */
  districts: readonly District[];
  /** With the changes outside the machines (people, tokens, alerts' settings, photos stored): for admins signed in. */
  access: boolean;
}

/**
 * The newest first, by time, then updates before imports before holds' decisions before changes outside the
 * machines, then the newer row first.
 */
export const AUDIT_ORDER = 'at DESC, kind DESC, id DESC';

/** A row of any audit table as both engines select it: the other tables' columns null. */
export interface AuditRow {
  kind: AuditKind;
  id: number;
  at: string;
  actor: string;
  actor_kind: ActorKind;
  address: string | null;
  machine_id: string | null;
  before: string | null;
  after: string | null;
  source: string | null;
  inserted: number | null;
  updated: number | null;
  photos: number | null;
  hold_id: number | string | null;
  decision: string | null;
  machines: number | null;
  action: string | null;
  subject: string | null;
}

const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

const decided = (row: AuditRow) => ({ hold: Number(row.hold_id), decision: row.decision, machines: row.machines });

/** The audit entry of such a row. An import names its file without the server's folders. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  const imported = {
    source: path.basename(row.source ?? ''),
    inserted: row.inserted,
    updated: row.updated,
    photos: row.photos,
  };
  return {
    position: { at: row.at, kind: row.kind, row: row.id },
    actor: row.actor,
    actorKind: row.actor_kind,
    address: row.address,
    machineId: row.machine_id,
    before: parsed(row.before),
    after:
      row.kind === 'import'
        ? imported
        : row.kind === 'hold'
          ? decided(row)
          : row.kind === 'access'
            ? { action: row.action, subject: row.subject, detail: parsed(row.after) }
            : parsed(row.after),
  };
}
