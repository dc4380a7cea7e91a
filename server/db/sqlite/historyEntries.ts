import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf, type HistoryState } from '../../machines/history';
import { fromStoredState, STATE_COLUMNS, toStoredState, type StoredState } from '../stateRecord';
import type { Db } from './open';
import { prepareEpisodeKeeping } from './serviceEpisodes';

const INSERT_SQL = `INSERT INTO machine_history (machine_id, at, ${STATE_COLUMNS.join(', ')})
  VALUES (@machine_id, @at, ${STATE_COLUMNS.map((column) => `@${column}`).join(', ')})`;

/**
 * SQLite: appends states to machines' histories (`GET /api/rvm/:id/history`) and keeps their episodes with them
 * (decision 0074), with statements prepared once. Call it inside a transaction.
 */
export function prepareHistoryInsert(db: Db): (id: string, state: HistoryState, at: string) => void {
  const insert = db.prepare(INSERT_SQL);
  const keepEpisodes = prepareEpisodeKeeping(db);
  return (id, state, at) => {
    keepEpisodes(id, state, at, () => insert.run({ ...toStoredState(state), machine_id: id, at }));
  };
}

/** SQLite: appends one state of a machine to its history. */
export function insertHistoryEntry(db: Db, machine: ApiMachine, at: string): void {
  prepareHistoryInsert(db)(machine.id, stateOf(machine), at);
}

/**
 * SQLite: the states of the machines with these ids that exist, as their history records them, in one statement.
 * An import reads them before its first write: one lookup per row among its writes doubled the import's CPU time
 * while the server was reading the same file (bench/importScale.ts), most likely because each lookup then searched
 * the pages the transaction had already spilled to the WAL.
 */
export function readStates(db: Db, ids: readonly string[]): Map<string, HistoryState> {
  const rows = db
    .prepare(`SELECT id, ${STATE_COLUMNS.join(', ')} FROM machines WHERE id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as (StoredState & { id: string })[];
  return new Map(
    rows.map((row) => {
      const { id, ...state } = fromStoredState(row);
      return [id, state];
    }),
  );
}
