import type Database from 'better-sqlite3';
import type { EpisodeEntry } from '../../../shared/service/episodes';
import type { HistoryState } from '../../machines/history';
import { episodeRowsOf, keepEpisodes, type EpisodeChanges, type OpenRow } from '../episodeKeeping';
import { SERVICE_EPISODES } from '../tables';
import { HISTORY_MACHINES_SQL, historyChangesSql } from '../serviceSql';
import { columnList } from '../table';

const ROW_COLUMNS = columnList(SERVICE_EPISODES);
const INSERT_SQL = `INSERT INTO service_episodes (${ROW_COLUMNS})
  VALUES (${Object.keys(SERVICE_EPISODES.columns)
    .map((column) => `@${column}`)
    .join(', ')})`;

type StoredEntry = Omit<EpisodeEntry, 'under_maintenance' | 'deactivated'> & {
  under_maintenance: number;
  deactivated: number;
};
const fromStored = (row: StoredEntry): EpisodeEntry => ({
  ...row,
  under_maintenance: row.under_maintenance === 1,
  deactivated: row.deactivated === 1,
});

/** SQLite: writes the changes to the stored episodes. */
function prepareApply(db: Database.Database): (changes: EpisodeChanges) => void {
  const insert = db.prepare(INSERT_SQL);
  const close = db.prepare('UPDATE service_episodes SET to_at = @to_at, ended = @ended WHERE id = @id');
  const remake = prepareRemake(db);
  return ({ closed, added, remake: machines }) => {
    for (const change of closed) close.run(change);
    for (const row of added) insert.run(row);
    for (const machineId of machines) remake(machineId);
  };
}

/** SQLite: makes one machine's stored episodes again from its whole history. */
function prepareRemake(db: Database.Database): (machineId: string) => void {
  const clear = db.prepare('DELETE FROM service_episodes WHERE machine_id = ?');
  const changes = db.prepare(historyChangesSql((column) => column, '?'));
  const insert = db.prepare(INSERT_SQL);
  return (machineId) => {
    clear.run(machineId);
    const entries = (changes.all(machineId) as StoredEntry[]).map(fromStored);
    for (const row of episodeRowsOf(machineId, entries)) insert.run(row);
  };
}

/**
 * SQLite: a history write that keeps the episodes (decision 0074). Call it with each entry before the entry is
 * written, inside the write's transaction, and `write` to write it.
 */
export function prepareEpisodeKeeping(
  db: Database.Database,
): (machineId: string, state: HistoryState, at: string, write: () => void) => void {
  const lastAt = db.prepare('SELECT MAX(at) FROM machine_history WHERE machine_id = ?').pluck();
  const open = db.prepare(
    'SELECT id, machine_id, kind, from_at, emptied_before FROM service_episodes WHERE machine_id = ? AND to_at IS NULL',
  );
  const apply = prepareApply(db);
  return (machineId, state, at, write) => {
    const now = { lastAt: lastAt.get(machineId) as string | null, open: open.all(machineId) as OpenRow[] };
    const changes = keepEpisodes([{ machineId, entry: { ...state, at } }], new Map([[machineId, now]]));
    write();
    apply(changes);
  };
}

/** SQLite: makes every machine's stored episodes again from the history (migration 19). */
export function remakeAllEpisodes(db: Database.Database): void {
  const remake = prepareRemake(db);
  const machines = db.prepare(HISTORY_MACHINES_SQL).pluck().all() as string[];
  for (const machineId of machines) remake(machineId);
}

/** SQLite: forgets the episodes that ended before the history's retention. */
export const pruneEpisodes = (db: Database.Database, cutoff: string): number =>
  db.prepare('DELETE FROM service_episodes WHERE to_at < ?').run(cutoff).changes;
