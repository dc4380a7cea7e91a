import type { ApiMachine } from '../../machines/apiMachine';
import { stateOf, type HistoryState } from '../../machines/history';
import { STATE_COLUMNS } from '../stateRecord';
import { pgTypeOf } from './columnTypes';
import type { Queryable } from './pool';
import { pgKeepEpisodes } from './serviceEpisodes';

/** The columns of a history entry, as `GET /api/rvm/:id/history` answers them. */
export const HISTORY_COLUMNS = ['at', ...STATE_COLUMNS].join(', ');

const INSERT_HISTORY_SQL = `INSERT INTO machine_history (machine_id, ${HISTORY_COLUMNS})
  SELECT * FROM unnest(${['text', 'text', ...STATE_COLUMNS.map((field) => pgTypeOf(field, 'bool'))]
    .map((type, i) => `$${i + 1}::${type}[]`)
    .join(', ')})`;

/** Entries per statement: the arrays of a batch (one per column) stay small. */
const INSERT_BATCH = 1000;

/** PostgreSQL: appends one state of each machine to its history. */
export async function pgInsertHistory(db: Queryable, machines: readonly ApiMachine[], at: string): Promise<void> {
  await pgInsertHistoryStates(
    db,
    machines.map((machine) => ({ id: machine.id, state: stateOf(machine) })),
    at,
  );
}

/** PostgreSQL: appends states to machines' histories, a batch per statement, and keeps their episodes (0074). */
export async function pgInsertHistoryStates(
  db: Queryable,
  entries: readonly { id: string; state: HistoryState }[],
  at: string,
): Promise<void> {
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    const batch = entries.slice(start, start + INSERT_BATCH);
    const states = batch.map((entry) => entry.state);
    await pgKeepEpisodes(db, batch, at, async () => {
      await db.query(INSERT_HISTORY_SQL, [
        batch.map((entry) => entry.id),
        batch.map(() => at),
        ...STATE_COLUMNS.map((field) => states.map((state) => state[field])),
      ]);
    });
  }
}

/** PostgreSQL: the states of the machines with these ids that exist, as their history records them. */
export async function pgHistoryStates(db: Queryable, ids: readonly string[]): Promise<Map<string, HistoryState>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<HistoryState & { id: string }>(
    `SELECT id, ${STATE_COLUMNS.join(', ')} FROM machines WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}
