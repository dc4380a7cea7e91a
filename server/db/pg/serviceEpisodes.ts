import type { EpisodeEntry } from '../../../shared/service/episodes';
import type { HistoryState } from '../../machines/history';
import { episodeRowsOf, keepEpisodes, type EpisodeRow, type MachineEpisodesNow, type OpenRow } from '../episodeKeeping';
import { SERVICE_EPISODES } from '../tables';
import { HISTORY_MACHINES_SQL, historyChangesSql } from '../serviceSql';
import { columnList } from '../table';
import type { Queryable } from './pool';

const COLUMNS = Object.keys(SERVICE_EPISODES.columns);
const INSERT_SQL = `INSERT INTO service_episodes (${columnList(SERVICE_EPISODES)})
  SELECT * FROM unnest(${COLUMNS.map((_, i) => `$${i + 1}::text[]`).join(', ')})`;
const CHANGES_SQL = historyChangesSql((column) => `(CASE WHEN ${column} THEN 1 ELSE 0 END)`, '$1');

async function insertRows(db: Queryable, rows: readonly EpisodeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    INSERT_SQL,
    COLUMNS.map((column) => rows.map((row) => row[column as keyof EpisodeRow])),
  );
}

/** PostgreSQL: makes one machine's stored episodes again from its whole history. */
async function remake(db: Queryable, machineId: string): Promise<void> {
  await db.query('DELETE FROM service_episodes WHERE machine_id = $1', [machineId]);
  const { rows } = await db.query<EpisodeEntry>(CHANGES_SQL, [machineId]);
  await insertRows(db, episodeRowsOf(machineId, rows));
}

/** PostgreSQL: what the machines' episodes are now, before their new entries are written. */
async function episodesNow(db: Queryable, ids: readonly string[]): Promise<Map<string, MachineEpisodesNow>> {
  const [{ rows: latest }, { rows: open }] = await Promise.all([
    db.query<{ machine_id: string; at: string }>(
      `SELECT machine_id, MAX(at) AS at FROM machine_history WHERE machine_id = ANY($1::text[]) GROUP BY machine_id`,
      [ids],
    ),
    db.query<OpenRow>(
      `SELECT id::float8 AS id, machine_id, kind, from_at, emptied_before FROM service_episodes
       WHERE machine_id = ANY($1::text[]) AND to_at IS NULL`,
      [ids],
    ),
  ]);
  const now = new Map<string, MachineEpisodesNow>(ids.map((id) => [id, { lastAt: null, open: [] }]));
  for (const { machine_id, at } of latest) now.set(machine_id, { ...now.get(machine_id)!, lastAt: at });
  for (const row of open) now.get(row.machine_id)!.open = [...now.get(row.machine_id)!.open, row];
  return now;
}

/**
 * PostgreSQL: writes a batch of history entries with `write` and keeps their machines' episodes (decision 0074), in
 * the caller's transaction.
 */
export async function pgKeepEpisodes(
  db: Queryable,
  entries: readonly { id: string; state: HistoryState }[],
  at: string,
  write: () => Promise<void>,
): Promise<void> {
  if (entries.length === 0) return write();
  const now = await episodesNow(db, [...new Set(entries.map((entry) => entry.id))]);
  const changes = keepEpisodes(
    entries.map(({ id, state }) => ({ machineId: id, entry: { ...state, at } })),
    now,
  );
  await write();
  if (changes.closed.length > 0) {
    await db.query(
      `UPDATE service_episodes e SET to_at = c.to_at, ended = c.ended
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS c (id, to_at, ended) WHERE e.id = c.id`,
      [changes.closed.map((c) => c.id), changes.closed.map((c) => c.to_at), changes.closed.map((c) => c.ended)],
    );
  }
  await insertRows(db, changes.added);
  for (const machineId of changes.remake) await remake(db, machineId);
}

/** PostgreSQL: makes every machine's stored episodes again from the history (migration 19). */
export async function pgRemakeAllEpisodes(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ id: string }>(HISTORY_MACHINES_SQL);
  for (const { id } of rows) await remake(db, id);
}

/** PostgreSQL: forgets the episodes that ended before the history's retention. */
export async function pgPruneEpisodes(db: Queryable, cutoff: string): Promise<void> {
  await db.query('DELETE FROM service_episodes WHERE to_at < $1', [cutoff]);
}
