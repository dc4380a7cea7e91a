import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf, type HistoryState } from '../../machines/history';
import type { Queryable } from './pool';

/** The columns of a history entry, as `GET /api/rvm/:id/history` answers them. */
export const HISTORY_COLUMNS = `at, status, under_maintenance, service_status, deactivated, bin_count,
  bin_count_full_threshold, last_online, last_emptied_at, last_full`;

const STATE_COLUMNS = `status, under_maintenance, service_status, deactivated, bin_count, bin_count_full_threshold,
  last_online, last_emptied_at, last_full`;

const INSERT_HISTORY_SQL = `INSERT INTO machine_history (machine_id, ${HISTORY_COLUMNS})
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::int8[], $6::bool[], $7::int[], $8::int[],
    $9::text[], $10::text[], $11::text[])`;

/** Entries per statement: the 11 arrays of a batch stay small. */
const INSERT_BATCH = 1000;

/** PostgreSQL: appends one state of each machine to its history. */
export async function pgInsertHistory(db: Queryable, machines: readonly ApiMachine[], at: string): Promise<void> {
  await pgInsertHistoryStates(
    db,
    machines.map((machine) => ({ id: machine.id, state: stateOf(machine) })),
    at,
  );
}

/** PostgreSQL: appends states to machines' histories, a batch per statement. */
export async function pgInsertHistoryStates(
  db: Queryable,
  entries: readonly { id: string; state: HistoryState }[],
  at: string,
): Promise<void> {
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    const batch = entries.slice(start, start + INSERT_BATCH);
    const states = batch.map((entry) => entry.state);
    await db.query(INSERT_HISTORY_SQL, [
      batch.map((entry) => entry.id),
      batch.map(() => at),
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
}

/** PostgreSQL: the states of the machines with these ids that exist, as their history records them. */
export async function pgHistoryStates(db: Queryable, ids: readonly string[]): Promise<Map<string, HistoryState>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<HistoryState & { id: string }>(
    `SELECT id, ${STATE_COLUMNS} FROM machines WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}
