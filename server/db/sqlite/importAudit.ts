import type { ActorKind } from '../../accounts/actor';
import type { Db } from './open';

export interface ImportAuditEntry {
  id: number;
  /** The data file, as the import command was given it (resolved). */
  source: string;
  inserted: number;
  updated: number;
  photos: number;
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  /** Who `actor` is ('command' when not given). */
  actor_kind?: ActorKind;
  address?: string | null;
}

/** Records a loaded import; synchronous, to run in the import's own transaction. */
export function recordImport(db: Db, entry: Omit<ImportAuditEntry, 'id'>): void {
  db.prepare(
    `INSERT INTO machine_import_audit (source, inserted, updated, photos, at, actor, actor_kind, address)
     VALUES (@source, @inserted, @updated, @photos, @at, @actor, @actor_kind, @address)`,
  ).run({ ...entry, actor_kind: entry.actor_kind ?? 'command', address: entry.address ?? null });
}

/** The imports recorded after entry `afterId`, oldest first. */
export function importsAfter(db: Db, afterId: number): ImportAuditEntry[] {
  return db.prepare('SELECT * FROM machine_import_audit WHERE id > ? ORDER BY id').all(afterId) as ImportAuditEntry[];
}

export function lastImportId(db: Db): number {
  return Number(db.prepare('SELECT coalesce(max(id), 0) FROM machine_import_audit').pluck().get());
}
