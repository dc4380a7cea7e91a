/**
 * The bench's year of history, written into the real `machine_history` by one INSERT … SELECT per engine: entry n of
 * machine k every 15 minutes (offset by machine), each machine filling in 12-hour cycles and standing full 1 to 5
 * hours of each, so some episodes break the 4-hour promise. The table's indexes are dropped for the insert and made
 * again after (as migration 5 makes them), which sorts once instead of 35 million times.
 *
 * The episodes are then written as the server would keep them (decision 0074): each machine's entries that change
 * what the episodes read, folded by `stepEpisodes` as migration 19 folds them (server/db/episodeKeeping.ts, which
 * the bench may not import; bench/tests/serviceFill.test.ts holds the two equal), inserted in bulk in the same
 * transaction. With `backfill`, migration 19 is undone instead, so that the server's start makes
 * the episodes from this history as an upgrade would (minutes at a year, not needed to time the reads).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  openEpisode,
  stepEpisodes,
  timedEntries,
  type Episode,
  type EpisodeEntry,
  type OpenEpisodes,
} from '../../../shared/service/episodes';

export const CHANGE_S = 900;
const CYCLE = 48;
const INDEXES = [
  'CREATE INDEX machine_history_machine ON machine_history (machine_id, at)',
  'CREATE INDEX machine_history_at ON machine_history (at)',
];
const DROP_INDEXES = 'DROP INDEX machine_history_machine; DROP INDEX machine_history_at;';
const UNDO_MIGRATION_19 = 'DELETE FROM schema_migrations WHERE version = 19; DROP TABLE service_episodes;';
const EPISODE_COLUMNS = ['machine_id', 'kind', 'from_at', 'to_at', 'ended', 'emptied_before'] as const;
/** Rows a PostgreSQL INSERT … SELECT FROM unnest carries. */
const PG_BATCH = 20_000;

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

const fullEntries = (k: number) => 4 + (k % 17);
const atSeconds = ({ startS }: FleetSpan, n: number, k: number) => startS + n * CHANGE_S + ((k * 37) % CHANGE_S);

function historySql(span: FleetSpan, time: (seconds: string) => string): string {
  const full = `(4 + k % 17)`;
  const p = `((n + k * 7) % ${CYCLE})`;
  return `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated)
    SELECT id, ${time(`${span.startS} + n * ${CHANGE_S} + (k * 37) % ${CHANGE_S}`)},
      CASE WHEN ${p} >= ${CYCLE} - ${full} THEN 'Full'
           WHEN ${p} >= ${CYCLE} - ${full} - 4 THEN '<=5%'
           WHEN ${p} % 2 = 0 THEN '>40%' ELSE '<=40%' END,
      FALSE, 0, FALSE
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM machines) m CROSS JOIN series`;
}

/** Entry n of machine k's status, as `historySql` writes it. */
function statusOf(n: number, k: number): string {
  const p = (n + k * 7) % CYCLE;
  if (p >= CYCLE - fullEntries(k)) return 'Full';
  if (p >= CYCLE - fullEntries(k) - 4) return '<=5%';
  return p % 2 === 0 ? '>40%' : '<=40%';
}

/** The episodes' code of a status (serviceSql.ts's `historyChangesSql`, with the other columns all 0). */
const codeOf = (status: string): number => (status === 'Full' ? 2 : status === '<=5%' ? 1 : 0);

/** A row of `service_episodes`. */
interface EpisodeRow {
  machine_id: string;
  kind: string;
  from_at: string;
  to_at: string | null;
  ended: string;
  emptied_before: string | null;
}

const toRow = (episode: Episode, emptiedBefore = -Infinity): EpisodeRow => ({
  machine_id: episode.machineId,
  kind: episode.kind,
  from_at: episode.from,
  to_at: episode.to,
  ended: episode.end,
  emptied_before: Number.isFinite(emptiedBefore) ? new Date(emptiedBefore).toISOString() : null,
});

/**
 * Machine k's entries whose code differs from the one before (what migration 19 reads of its history), and the
 * episodes they make.
 */
export function machineEpisodeRows(machineId: string, k: number, span: FleetSpan): EpisodeRow[] {
  const entries: EpisodeEntry[] = [];
  let previous = -1;
  for (let n = 0; n < span.entries; n++) {
    const status = statusOf(n, k);
    const code = codeOf(status);
    if (code === previous) continue;
    previous = code;
    entries.push({
      at: new Date(atSeconds(span, n, k) * 1000).toISOString(),
      status: status as EpisodeEntry['status'],
      under_maintenance: false,
      service_status: 0,
      deactivated: false,
      last_emptied_at: null,
    });
  }
  const open: OpenEpisodes = new Map();
  const closed = timedEntries(entries).flatMap(({ entry, ms }) => stepEpisodes(machineId, open, entry, ms));
  return [
    ...closed.map((episode) => toRow(episode)),
    ...[...open].map(([kind, episode]) => toRow(openEpisode(machineId, kind, episode), episode.emptiedBefore)),
  ];
}

function* fleetEpisodeRows(machineIds: readonly string[], span: FleetSpan): Generator<EpisodeRow> {
  for (const [k, machineId] of machineIds.entries()) yield* machineEpisodeRows(machineId, k, span);
}

export interface FillOptions {
  /** Leave the episodes to migration 19 at the server's start. */
  backfill: boolean;
}

/** What a fill wrote. */
export interface Filled {
  episodes: number;
}

/** SQLite: the history and the episodes in one transaction. */
export function fillSqlite(file: string, span: FleetSpan, { backfill }: FillOptions): Filled {
  const db = new Database(file);
  db.pragma('cache_size = -1000000');
  db.pragma('synchronous = OFF');
  // Straight into the file: in WAL mode every page would be written twice, 35 million rows into the log first.
  db.pragma('journal_mode = DELETE');
  const series = `WITH RECURSIVE series(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM series WHERE n < ${span.entries - 1})`;
  const time = (s: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${s}, 'unixepoch')`;
  let episodes = 0;
  db.transaction(() => {
    db.exec(`DELETE FROM machine_history; ${DROP_INDEXES}`);
    db.exec(`${series} ${historySql(span, time)}`);
    for (const index of INDEXES) db.exec(index);
    if (backfill) return db.exec(UNDO_MIGRATION_19);
    db.exec('DELETE FROM service_episodes');
    const insert = db.prepare(
      `INSERT INTO service_episodes (${EPISODE_COLUMNS.join(', ')})
       VALUES (${EPISODE_COLUMNS.map((column) => `@${column}`).join(', ')})`,
    );
    const ids = db.prepare('SELECT id FROM machines ORDER BY id').pluck().all() as string[];
    for (const row of fleetEpisodeRows(ids, span)) {
      insert.run(row);
      episodes += 1;
    }
  })();
  db.exec('PRAGMA analysis_limit = 1000; ANALYZE');
  db.pragma('journal_mode = WAL');
  db.close();
  return { episodes };
}

async function insertPgEpisodes(client: pg.Client, rows: EpisodeRow[]): Promise<void> {
  await client.query(
    `INSERT INTO service_episodes (${EPISODE_COLUMNS.join(', ')})
     SELECT * FROM unnest(${EPISODE_COLUMNS.map((_, i) => `$${i + 1}::text[]`).join(', ')})`,
    EPISODE_COLUMNS.map((column) => rows.map((row) => row[column])),
  );
}

/** PostgreSQL: the history and the episodes in one transaction. */
export async function fillPg(url: string, span: FleetSpan, { backfill }: FillOptions): Promise<Filled> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let episodes = 0;
  try {
    await client.query("SET maintenance_work_mem = '1GB'");
    await client.query('BEGIN');
    await client.query(`TRUNCATE machine_history; ${DROP_INDEXES}`);
    const series = `WITH series(n) AS (SELECT generate_series(0, ${span.entries - 1}))`;
    const time = (s: string) => `to_char(to_timestamp(${s}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await client.query(`${series} ${historySql(span, time)}`);
    for (const index of INDEXES) await client.query(index);
    if (backfill) {
      await client.query(UNDO_MIGRATION_19);
    } else {
      await client.query('TRUNCATE service_episodes');
      const { rows } = await client.query<{ id: string }>('SELECT id FROM machines ORDER BY id');
      let batch: EpisodeRow[] = [];
      for (const row of fleetEpisodeRows(
        rows.map(({ id }) => id),
        span,
      )) {
        batch.push(row);
        if (batch.length < PG_BATCH) continue;
        await insertPgEpisodes(client, batch);
        episodes += batch.length;
        batch = [];
      }
      if (batch.length > 0) await insertPgEpisodes(client, batch);
      episodes += batch.length;
    }
    await client.query('COMMIT');
    await client.query(backfill ? 'ANALYZE machine_history' : 'ANALYZE machine_history, service_episodes');
  } finally {
    await client.end();
  }
  return { episodes };
}
