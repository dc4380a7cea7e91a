import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf } from '../../machines/history';
import type { Queryable } from './pool';

/** The columns of a history entry, as `GET /api/rvm/:id/history` answers them. */
export const HISTORY_COLUMNS = `at, status, under_maintenance, service_status, deactivated, bin_count,
  bin_count_full_threshold, last_online, last_emptied_at, last_full`;

const INSERT_HISTORY_SQL = `INSERT INTO machine_history (machine_id, ${HISTORY_COLUMNS})
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::int8[], $6::bool[], $7::int[], $8::int[],
    $9::text[], $10::text[], $11::text[])`;

/** PostgreSQL: appends one state of each machine to its history, in one statement. */
export async function pgInsertHistory(db: Queryable, machines: readonly ApiMachine[], at: string): Promise<void> {
  if (machines.length === 0) return;
  const states = machines.map(stateOf);
  await db.query(INSERT_HISTORY_SQL, [
    machines.map((machine) => machine.id),
    machines.map(() => at),
    states.map((state) => state.status),
    states.map((state) => state.under_maintenance),
    states.map((state) => state.service_status),
    states.map((state) => state.deactivated),
    states.map((state) => state.bin_count),
    states.map((state) => state.bin_count_full_threshold),
    states.map((state) => state.last_online),
    states.map((state) => state.last_emptied_at),
    states.map((state) => state.last_full),
  ]);
}
