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

/** SQLite: a machine's state as its history records it, read with one statement prepared once; null when unknown. */
export function prepareStateRead(db: Db): (id: string) => HistoryState | null {
  const read = db.prepare(
    `SELECT status, under_maintenance, service_status, deactivated, bin_count, bin_count_full_threshold, last_online,
       last_emptied_at, last_full
     FROM machines WHERE id = ?`,
  );
  return (id) => {
    const stored = read.get(id) as StoredState | undefined;
    return stored
      ? { ...stored, under_maintenance: stored.under_maintenance === 1, deactivated: stored.deactivated === 1 }
      : null;
  };
}
