import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf, type HistoryState } from '../../machines/history';
import type { Db } from './open';

const INSERT_SQL = `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated,
    bin_count, bin_count_full_threshold, last_online, last_emptied_at, last_full)
  VALUES (@machine_id, @at, @status, @under_maintenance, @service_status, @deactivated, @bin_count,
    @bin_count_full_threshold, @last_online, @last_emptied_at, @last_full)`;

type StoredState = Omit<HistoryState, 'under_maintenance' | 'deactivated'> & {
  under_maintenance: number;
  deactivated: number;
};

/** SQLite: appends states to machines' histories (`GET /api/rvm/:id/history`), with one statement prepared once. */
export function prepareHistoryInsert(db: Db): (id: string, state: HistoryState, at: string) => void {
  const insert = db.prepare(INSERT_SQL);
  return (id, state, at) => {
    insert.run({
      ...state,
      machine_id: id,
      at,
      under_maintenance: state.under_maintenance ? 1 : 0,
      deactivated: state.deactivated ? 1 : 0,
    });
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
    .prepare(
      `SELECT id, status, under_maintenance, service_status, deactivated, bin_count, bin_count_full_threshold,
         last_online, last_emptied_at, last_full
       FROM machines WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as (StoredState & { id: string })[];
  return new Map(
    rows.map(({ id, ...stored }) => [
      id,
      { ...stored, under_maintenance: stored.under_maintenance === 1, deactivated: stored.deactivated === 1 },
    ]),
  );
}
