/**
 * The bench's year of history, written into the real `machine_history` by one INSERT … SELECT per engine: entry n of
 * machine k every 15 minutes (offset by machine), each machine filling in 12-hour cycles and standing full 1 to 5
 * hours of each, so some episodes break the 4-hour promise. The table's indexes are dropped for the insert and made
 * again after (as migration 5 makes them), which sorts once instead of 35 million times; then migration 19 is undone
 * so the server's start makes the episodes from this history as an upgrade would.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export const CHANGE_S = 900;
const CYCLE = 48;
const INDEXES = [
  'CREATE INDEX machine_history_machine ON machine_history (machine_id, at)',
  'CREATE INDEX machine_history_at ON machine_history (at)',
];
const DROP_INDEXES = 'DROP INDEX machine_history_machine; DROP INDEX machine_history_at;';
const UNDO_MIGRATION_19 = 'DELETE FROM schema_migrations WHERE version = 19; DROP TABLE service_episodes;';

export interface FleetSpan {
  /** Entries a machine. */
  entries: number;
  /** The first entry's time, in Unix seconds. */
  startS: number;
}

export const fleetSpan = (days: number, nowMs = Date.now()): FleetSpan => ({
  entries: (days * 24 * 3600) / CHANGE_S,
  startS: Math.floor(nowMs / 1000) - days * 24 * 3600,
});

function historySql({ startS }: FleetSpan, time: (seconds: string) => string): string {
  const full = `(4 + k % 17)`;
  const p = `((n + k * 7) % ${CYCLE})`;
  return `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated)
    SELECT id, ${time(`${startS} + n * ${CHANGE_S} + (k * 37) % ${CHANGE_S}`)},
      CASE WHEN ${p} >= ${CYCLE} - ${full} THEN 'Full'
           WHEN ${p} >= ${CYCLE} - ${full} - 4 THEN '<=5%'
           WHEN ${p} % 2 = 0 THEN '>40%' ELSE '<=40%' END,
      FALSE, 0, FALSE
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM machines) m CROSS JOIN series`;
}

/** SQLite: the history in one transaction. */
export function fillSqlite(file: string, span: FleetSpan): void {
  const db = new Database(file);
  db.pragma('cache_size = -1000000');
  db.pragma('synchronous = OFF');
  const series = `WITH RECURSIVE series(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM series WHERE n < ${span.entries - 1})`;
  const time = (s: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${s}, 'unixepoch')`;
  db.transaction(() => {
    db.exec(`DELETE FROM machine_history; ${DROP_INDEXES}`);
    db.exec(`${series} ${historySql(span, time)}`);
    for (const index of INDEXES) db.exec(index);
    db.exec(UNDO_MIGRATION_19);
  })();
  db.exec('PRAGMA analysis_limit = 1000; ANALYZE');
  db.close();
}

/** PostgreSQL: the history in one transaction. */
export async function fillPg(url: string, span: FleetSpan): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '1GB'");
    await client.query('BEGIN');
    await client.query(`DELETE FROM machine_history; ${DROP_INDEXES}`);
    const series = `WITH series(n) AS (SELECT generate_series(0, ${span.entries - 1}))`;
    const time = (s: string) => `to_char(to_timestamp(${s}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await client.query(`${series} ${historySql(span, time)}`);
    for (const index of INDEXES) await client.query(index);
    await client.query(UNDO_MIGRATION_19);
    await client.query('COMMIT');
    await client.query('ANALYZE machine_history');
  } finally {
    await client.end();
  }
}
