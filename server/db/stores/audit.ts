import {
  AUDIT_KINDS,
  AUDIT_ORDER,
  toAuditEntry,
  type AuditEntry,
  type AuditKind,
  type AuditQuery,
  type AuditRow,
} from '../audit';
import type { Executor } from '../executor';

/** A condition on one table's rows and its values, in the order of its placeholders. */
interface Condition {
  sql: string;
  params: unknown[];
}

/** What the audit's filters say where the dialects differ: a hold's machines are a JSON array in both. */
interface HeldMachines {
  /** A hold's decision that names the machine `?`. */
  names: string;
  /** The ids of the machines in the districts `?`, as a subquery. */
  inDistricts: string;
  /** A hold's decision that names one of the machines of the subquery `machines`. */
  namesOneOf(machines: string): string;
}

/** PostgreSQL compares a hold's machines as text in the machines' own collation. */
const PG_HELD = 'SELECT value COLLATE "C" FROM json_array_elements_text(machine_ids)';

const HELD: Record<Executor['dialect'], HeldMachines> = {
  postgres: {
    names: `CAST(? AS text) COLLATE "C" IN (${PG_HELD})`,
    inDistricts: 'SELECT id FROM machines WHERE district = ANY(CAST(? AS text[]))',
    namesOneOf: (machines) => `EXISTS (${PG_HELD} INTERSECT ${machines})`,
  },
  sqlite: {
    names: 'EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value = ?)',
    inDistricts: 'SELECT id FROM machines WHERE district IN (SELECT value FROM json_each(?))',
    namesOneOf: (machines) => `EXISTS (SELECT 1 FROM json_each(machine_ids) WHERE value IN (${machines}))`,
  },
};

/** The merged page's columns past the common ones, with the type of the null a table has none in. */
const MERGED = {
  machine_id: 'text',
  before: 'text',
  after: 'text',
  source: 'text',
  inserted: 'int',
  updated: 'int',
  photos: 'int',
  hold_id: 'bigint',
  decision: 'text',
  machines: 'int',
  action: 'text',
  subject: 'text',
} as const;

const columns = (own: Partial<Record<keyof typeof MERGED, string>>): string =>
  Object.entries(MERGED)
    .map(([name, type]) => `${own[name as keyof typeof MERGED] ?? `CAST(NULL AS ${type})`} AS ${name}`)
    .join(', ');

const TABLES: Record<AuditKind, { table: string; columns: string }> = {
  update: {
    table: 'machine_status_audit',
    columns: columns({ machine_id: 'machine_id', before: 'CAST(before AS text)', after: 'CAST(after AS text)' }),
  },
  import: {
    table: 'machine_import_audit',
    columns: columns({ source: 'source', inserted: 'inserted', updated: 'updated', photos: 'photos' }),
  },
  hold: {
    table: 'feed_hold_audit',
    columns: columns({ hold_id: 'hold_id', decision: 'decision', machines: 'json_array_length(machine_ids)' }),
  },
  access: {
    table: 'access_audit',
    columns: columns({ after: 'CAST(detail AS text)', action: 'action', subject: 'subject' }),
  },
};

/** The tables that take part in `query`, in the audit's order: imports and access changes concern no machine. */
function tablesFor(query: AuditQuery): AuditKind[] {
  const anyMachine = query.machine === undefined && query.districts.length === 0;
  return AUDIT_KINDS.filter((kind) =>
    kind === 'import' ? anyMachine : kind === 'access' ? anyMachine && query.access : true,
  );
}

/** The conditions on the `kind` table's rows for `query`. */
function conditions(kind: AuditKind, query: AuditQuery, held: HeldMachines): Condition[] {
  const own: Condition[] = [];
  if (query.person !== undefined) own.push({ sql: 'actor = ?', params: [query.person] });
  if (query.machine !== undefined) {
    if (kind === 'update') own.push({ sql: 'machine_id = ?', params: [query.machine] });
    if (kind === 'hold') own.push({ sql: held.names, params: [query.machine] });
  }
  if (query.districts.length > 0) {
    const params = [query.districts];
    if (kind === 'update') own.push({ sql: `machine_id IN (${held.inDistricts})`, params });
    if (kind === 'hold') own.push({ sql: held.namesOneOf(held.inDistricts), params });
  }
  if (query.after) {
    const { at, kind: afterKind, row } = query.after;
    own.push({
      sql: `at <= ? AND (at, '${kind}', id) < (?, CAST(? AS text), CAST(? AS bigint))`,
      params: [at, at, afterKind, row],
    });
  }
  return own;
}

/**
 * One page of the audit, its four tables merged newest first. Each table gives at most `limit` rows of its own,
 * through its index, before they are merged, so a page costs the same however long the audit is. Every time has the
 * one ISO 8601 form, so PostgreSQL's collation orders them as SQLite does, and its index serves.
 */
export async function readAudit(db: Executor, query: AuditQuery): Promise<AuditEntry[]> {
  const params: unknown[] = [];
  const branches = tablesFor(query).map((kind) => {
    const own = conditions(kind, query, HELD[db.dialect]);
    const where = own.length > 0 ? `WHERE ${own.map((condition) => condition.sql).join(' AND ')}` : '';
    params.push(...own.flatMap((condition) => condition.params), query.limit);
    return `SELECT * FROM (
      SELECT '${kind}' AS kind, id, at, actor, actor_kind, address, ${TABLES[kind].columns}
      FROM ${TABLES[kind].table} ${where} ORDER BY at DESC, id DESC LIMIT ?) AS ${kind}_rows`;
  });
  params.push(query.limit);
  const rows = await db.all<AuditRow>(
    `SELECT * FROM (${branches.join(' UNION ALL ')}) AS entries ORDER BY ${AUDIT_ORDER} LIMIT ?`,
    params,
  );
  return rows.map(toAuditEntry);
}
