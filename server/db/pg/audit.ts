import { AUDIT_ORDER, toAuditEntry, type AuditEntry, type AuditQuery, type AuditRow } from '../audit';
import type { Queryable } from './pool';

/**
 * PostgreSQL: one page of the audit, both tables merged newest first. Each table gives at most `limit` rows of its
 * own, through its index, before the two are merged. Every time has the one ISO 8601 form, so the column's collation
 * orders them as SQLite does, and its index serves.
 */
export async function pgReadAudit(db: Queryable, query: AuditQuery): Promise<AuditEntry[]> {
  const params: unknown[] = [query.limit];
  const parameter = (value: unknown): string => `$${params.push(value)}`;
  const updates: string[] = [];
  const imports: string[] = [];
  if (query.person !== undefined) {
    const person = parameter(query.person);
    updates.push(`actor = ${person}`);
    imports.push(`actor = ${person}`);
  }
  if (query.machine !== undefined) updates.push(`machine_id = ${parameter(query.machine)}`);
  if (query.districts.length > 0) {
    updates.push(`machine_id IN (SELECT id FROM machines WHERE district = ANY(${parameter(query.districts)}::text[]))`);
  }
  if (query.after) {
    const at = parameter(query.after.at);
    const kind = parameter(query.after.kind);
    const row = parameter(query.after.row);
    for (const [conditions, own] of [
      [updates, 'update'],
      [imports, 'import'],
    ] as const) {
      conditions.push(`at <= ${at} AND (at, '${own}'::text, id) < (${at}, ${kind}::text, ${row}::bigint)`);
    }
  }
  const where = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '');
  const withImports = query.machine === undefined && query.districts.length === 0;
  const { rows } = await db.query<AuditRow>(
    `SELECT * FROM (
      (SELECT 'update' AS kind, id, at, actor, actor_kind, address, machine_id,
        before::text AS before, after::text AS after,
        NULL::text AS source, NULL::int AS inserted, NULL::int AS updated, NULL::int AS photos
      FROM machine_status_audit ${where(updates)} ORDER BY at DESC, id DESC LIMIT $1)
    ${
      withImports
        ? `UNION ALL (
      SELECT 'import', id, at, actor, actor_kind, address, NULL, NULL, NULL, source, inserted, updated, photos
      FROM machine_import_audit ${where(imports)} ORDER BY at DESC, id DESC LIMIT $1)`
        : ''
    }) AS entries
    ORDER BY ${AUDIT_ORDER} LIMIT $1`,
    params,
  );
  return rows.map(toAuditEntry);
}
