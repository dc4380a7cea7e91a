import path from 'node:path';
import type { District } from '../../shared/contract/machine';
import type { ActorKind } from '../accounts/actor';

/** An operator's change to a machine (status, maintenance, its fields), or an import of machines. */
export type AuditKind = 'update' | 'import';

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
  /** The machine changed; null for an import. */
  machineId: string | null;
  /** The machine's fields before and after an update; null before an import, its counts after. */
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
  /** Only updates of machines in these districts, and then no imports; empty = everything. */
  districts: readonly District[];
}

/** The newest first, by time, then updates before imports, then the newer row first. */
export const AUDIT_ORDER = 'at DESC, kind DESC, id DESC';

/** A row of either audit table as both engines select it: the import's columns null for an update's, and back. */
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
}

const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

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
    after: row.kind === 'import' ? imported : parsed(row.after),
  };
}
