import { AUDIT_ORDER, toAuditEntry, type AuditEntry, type AuditQuery, type AuditRow } from '../audit';
import type { Db } from './open';

/**
 * SQLite: one page of the audit, both tables merged newest first. Each table gives at most `limit` rows of its own,
 * through its index, before the two are merged, so a page costs the same however long the audit is.
 */
export function readAudit(db: Db, query: AuditQuery): AuditEntry[] {
  const params: Record<string, unknown> = { limit: query.limit };
  const updates: string[] = [];
  const imports: string[] = [];
  if (query.person !== undefined) {
    params.person = query.person;
    updates.push('actor = @person');
    imports.push('actor = @person');
  }
  if (query.machine !== undefined) {
    params.machine = query.machine;
    updates.push('machine_id = @machine');
  }
  if (query.districts.length > 0) {
    params.districts = JSON.stringify(query.districts);
    updates.push('machine_id IN (SELECT id FROM machines WHERE district IN (SELECT value FROM json_each(@districts)))');
  }
  if (query.after) {
    Object.assign(params, { afterAt: query.after.at, afterKind: query.after.kind, afterRow: query.after.row });
    updates.push(`at <= @afterAt AND (at, 'update', id) < (@afterAt, @afterKind, @afterRow)`);
    imports.push(`at <= @afterAt AND (at, 'import', id) < (@afterAt, @afterKind, @afterRow)`);
  }
  const where = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');
  const withImports = query.machine === undefined && query.districts.length === 0;
  const sql = `
    SELECT * FROM (
      SELECT 'update' AS kind, id, at, actor, actor_kind, address, machine_id, before, after,
        NULL AS source, NULL AS inserted, NULL AS updated, NULL AS photos
      FROM machine_status_audit ${where(updates)} ORDER BY at DESC, id DESC LIMIT @limit)
    ${
      withImports
        ? `UNION ALL SELECT * FROM (
      SELECT 'import' AS kind, id, at, actor, actor_kind, address, NULL, NULL, NULL, source, inserted, updated, photos
      FROM machine_import_audit ${where(imports)} ORDER BY at DESC, id DESC LIMIT @limit)`
        : ''
    }
    ORDER BY ${AUDIT_ORDER} LIMIT @limit`;
  return (db.prepare(sql).all(params) as AuditRow[]).map(toAuditEntry);
}
