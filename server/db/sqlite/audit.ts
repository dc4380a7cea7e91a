import { AUDIT_ORDER, auditFilters, toAuditEntry, type AuditEntry, type AuditQuery, type AuditRow } from '../audit';
import type { Db } from './open';

const NO_HOLD = 'NULL AS hold_id, NULL AS decision, NULL AS machines';
const NO_ACCESS = 'NULL AS action, NULL AS subject';

/**
 * SQLite: one page of the audit, its four tables merged newest first. Each table gives at most `limit` rows of its
 * own, through its index, before they are merged, so a page costs the same however long the audit is.
 */
export function readAudit(db: Db, query: AuditQuery): AuditEntry[] {
  const params: Record<string, unknown> = { limit: query.limit };
  const parameter = (value: unknown): string => {
    const name = `p${Object.keys(params).length}`;
    params[name] = value;
    return `@${name}`;
  };
  const { where, withImports, withAccess } = auditFilters(query, {
    parameter,
    holdNames: (machine) => `EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value = ${machine})`,
    machinesIn: (districts) =>
      `SELECT id FROM machines WHERE district IN (SELECT value FROM json_each(${parameter(JSON.stringify(districts))}))`,
    holdNamesOneOf: (machines) => `EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value IN (${machines}))`,
    after: (own, at, kind, row) => `(at, '${own}', id) < (${at}, ${kind}, ${row})`,
  });
  const sql = `
    SELECT * FROM (
      SELECT 'update' AS kind, id, at, actor, actor_kind, address, machine_id, before, after,
        NULL AS source, NULL AS inserted, NULL AS updated, NULL AS photos, ${NO_HOLD}, ${NO_ACCESS}
      FROM machine_status_audit ${where.update} ORDER BY at DESC, id DESC LIMIT @limit)
    ${
      withImports
        ? `UNION ALL SELECT * FROM (
      SELECT 'import' AS kind, id, at, actor, actor_kind, address, NULL, NULL, NULL, source, inserted, updated, photos,
        ${NO_HOLD}, ${NO_ACCESS}
      FROM machine_import_audit ${where.import} ORDER BY at DESC, id DESC LIMIT @limit)`
        : ''
    }
    UNION ALL SELECT * FROM (
      SELECT 'hold' AS kind, id, at, actor, actor_kind, address, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        hold_id, decision, json_array_length(machine_ids), ${NO_ACCESS}
      FROM feed_hold_audit ${where.hold} ORDER BY at DESC, id DESC LIMIT @limit)
    ${
      withAccess
        ? `UNION ALL SELECT * FROM (
      SELECT 'access' AS kind, id, at, actor, actor_kind, address, NULL, NULL, detail, NULL, NULL, NULL, NULL,
        ${NO_HOLD}, action, subject
      FROM access_audit ${where.access} ORDER BY at DESC, id DESC LIMIT @limit)`
        : ''
    }
    ORDER BY ${AUDIT_ORDER} LIMIT @limit`;
  return (db.prepare(sql).all(params) as AuditRow[]).map(toAuditEntry);
}
