import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf } from '../../machines/history';
import type { Db } from './open';

/** SQLite: appends one state of a machine to its history (`GET /api/rvm/:id/history`). */
export function insertHistoryEntry(db: Db, machine: ApiMachine, at: string): void {
  const state = stateOf(machine);
  db.prepare(
    `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated,
       bin_count, bin_count_full_threshold, last_online, last_emptied_at, last_full)
     VALUES (@machine_id, @at, @status, @under_maintenance, @service_status, @deactivated, @bin_count,
       @bin_count_full_threshold, @last_online, @last_emptied_at, @last_full)`,
  ).run({
    ...state,
    machine_id: machine.id,
    at,
    under_maintenance: state.under_maintenance ? 1 : 0,
    deactivated: state.deactivated ? 1 : 0,
  });
}
