import { AUDIT_ORDER, auditFilters, toAuditEntry, type AuditEntry, type AuditQuery, type AuditRow } from '../audit';
import type { Queryable } from './pool';

const NO_HOLD = 'NULL::bigint AS hold_id, NULL::text AS decision, NULL::int AS machines';
const NO_ACCESS = 'NULL::text AS action, NULL::text AS subject';
/** A hold's machines, each as text in the machines' own collation. */
const HELD = 'SELECT value COLLATE "C" FROM json_array_elements_text(machine_ids)';

/**
 * PostgreSQL: one page of the audit, its four tables merged newest first. Each table gives at most `limit` rows of
 * its own, through its index, before they are merged. Every time has the one ISO 8601 form, so the column's collation
 * orders them as SQLite does, and its index serves.
 */
export async function pgReadAudit(db: Queryable, query: AuditQuery): Promise<AuditEntry[]> {
  const params: unknown[] = [query.limit];
  const { where, withImports, withAccess } = auditFilters(query, {
    parameter: (value) => `$${params.push(value)}`,
    holdNames: (machine) => `${machine}::text COLLATE "C" IN (${HELD})`,
    machinesIn: (districts) => `SELECT id FROM machines WHERE district = ANY($${params.push(districts)}::text[])`,
    holdNamesOneOf: (machines) => `EXISTS (${HELD} INTERSECT ${machines})`,
    after: (own, at, kind, row) => `(at, '${own}'::text, id) < (${at}, ${kind}::text, ${row}::bigint)`,
  });
  const { rows } = await db.query<AuditRow>(
    `SELECT * FROM (
      (SELECT 'update' AS kind, id, at, actor, actor_kind, address, machine_id,
        before::text AS before, after::text AS after,
        NULL::text AS source, NULL::int AS inserted, NULL::int AS updated, NULL::int AS photos, ${NO_HOLD},
        ${NO_ACCESS}
      FROM machine_status_audit ${where.update} ORDER BY at DESC, id DESC LIMIT $1)
    ${
      withImports
        ? `UNION ALL (
      SELECT 'import', id, at, actor, actor_kind, address, NULL, NULL, NULL, source, inserted, updated, photos,
        ${NO_HOLD}, ${NO_ACCESS}
      FROM machine_import_audit ${where.import} ORDER BY at DESC, id DESC LIMIT $1)`
        : ''
    }
    UNION ALL (
      SELECT 'hold', id, at, actor, actor_kind, address, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        hold_id, decision, json_array_length(machine_ids), ${NO_ACCESS}
      FROM feed_hold_audit ${where.hold} ORDER BY at DESC, id DESC LIMIT $1)
    ${
      withAccess
        ? `UNION ALL (
      SELECT 'access', id, at, actor, actor_kind, address, NULL, NULL, detail::text, NULL, NULL, NULL, NULL,
        ${NO_HOLD}, action, subject
      FROM access_audit ${where.access} ORDER BY at DESC, id DESC LIMIT $1)`
        : ''
    }
    ) AS entries
    ORDER BY ${AUDIT_ORDER} LIMIT $1`,
    params,
  );
  return rows.map(toAuditEntry);
}
