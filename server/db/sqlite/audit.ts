import { AUDIT_ORDER, toAuditEntry, type AuditEntry, type AuditQuery, type AuditRow } from '../audit';
import type { Db } from './open';

const NO_HOLD = 'NULL AS hold_id, NULL AS decision, NULL AS machines';
const NO_ACCESS = 'NULL AS action, NULL AS subject';

/**
 * SQLite: one page of the audit, its four tables merged newest first. Each table gives at most `limit` rows of its
 * own, through its index, before they are merged, so a page costs the same however long the audit is.
 */
export function readAudit(db: Db, query: AuditQuery): AuditEntry[] {
  const params: Record<string, unknown> = { limit: query.limit };
  const updates: string[] = [];
  const imports: string[] = [];
  const holds: string[] = [];
  const changes: string[] = [];
  if (query.person !== undefined) {
    params.person = query.person;
    for (const conditions of [updates, imports, holds, changes]) conditions.push('actor = @person');
  }
  if (query.machine !== undefined) {
    params.machine = query.machine;
    updates.push('machine_id = @machine');
    holds.push('EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value = @machine)');
  }
  if (query.districts.length > 0) {
    params.districts = JSON.stringify(query.districts);
    const theirs = 'SELECT id FROM machines WHERE district IN (SELECT value FROM json_each(@districts))';
    updates.push(`machine_id IN (${theirs})`);
    holds.push(`EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value IN (${theirs}))`);
  }
  if (query.after) {
    Object.assign(params, { afterAt: query.after.at, afterKind: query.after.kind, afterRow: query.after.row });
    for (const [conditions, own] of [
      [updates, 'update'],
      [imports, 'import'],
      [holds, 'hold'],
      [changes, 'access'],
    ] as const) {
      conditions.push(`at <= @afterAt AND (at, '${own}', id) < (@afterAt, @afterKind, @afterRow)`);
    }
  }
  const where = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');
  const withImports = query.machine === undefined && query.districts.length === 0;
  const withAccess = withImports && query.access;
  const sql = `
    SELECT * FROM (
      SELECT 'update' AS kind, id, at, actor, actor_kind, address, machine_id, before, after,
        NULL AS source, NULL AS inserted, NULL AS updated, NULL AS photos, ${NO_HOLD}, ${NO_ACCESS}
      FROM machine_status_audit ${where(updates)} ORDER BY at DESC, id DESC LIMIT @limit)
    ${
      withImports
        ? `UNION ALL SELECT * FROM (
      SELECT 'import' AS kind, id, at, actor, actor_kind, address, NULL, NULL, NULL, source, inserted, updated, photos,
        ${NO_HOLD}, ${NO_ACCESS}
      FROM machine_import_audit ${where(imports)} ORDER BY at DESC, id DESC LIMIT @limit)`
        : ''
    }
    UNION ALL SELECT * FROM (
      SELECT 'hold' AS kind, id, at, actor, actor_kind, address, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        hold_id, decision, json_array_length(machine_ids), ${NO_ACCESS}
      FROM feed_hold_audit ${where(holds)} ORDER BY at DESC, id DESC LIMIT @limit)
    ${
      withAccess
        ? `UNION ALL SELECT * FROM (
      SELECT 'access' AS kind, id, at, actor, actor_kind, address, NULL, NULL, detail, NULL, NULL, NULL, NULL,
        ${NO_HOLD}, action, subject
      FROM access_audit ${where(changes)} ORDER BY at DESC, id DESC LIMIT @limit)`
        : ''
    }
    ORDER BY ${AUDIT_ORDER} LIMIT @limit`;
  return (db.prepare(sql).all(params) as AuditRow[]).map(toAuditEntry);
}
