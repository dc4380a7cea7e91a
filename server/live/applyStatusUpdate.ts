import type { Db } from '../db/open';
import { getMachine, type ApiMachine } from '../machines/repository';
import type { StatusUpdate } from './statusUpdate';

interface StateRow {
  status: string;
  under_maintenance: number;
  service_status: number;
  deactivated: number;
  last_online: string | null;
  last_emptied_at: string | null;
  last_full: string | null;
}

/** Everything an operator can change, as the audit records it before and after. */
const stateOf = (row: StateRow) => ({
  status: row.status,
  under_maintenance: row.under_maintenance === 1,
  service_status: row.service_status,
  deactivated: row.deactivated === 1,
  last_online: row.last_online,
  last_emptied_at: row.last_emptied_at,
  last_full: row.last_full,
});

/**
 * SQLite: applies an operator's status update and records it in the audit table, in one transaction.
 * Null when there is no such machine; `changed` is false when the update repeated the current state.
 */
export function applyStatusUpdate(
  db: Db,
  id: string,
  update: StatusUpdate,
  actor: string,
  at = new Date(),
): { machine: ApiMachine; changed: boolean } | null {
  return db
    .transaction(() => {
      const row = db
        .prepare(
          `SELECT status, under_maintenance, service_status, deactivated, last_online, last_emptied_at, last_full
         FROM machines WHERE id = ?`,
        )
        .get(id) as StateRow | undefined;
      if (!row) return null;
      const before = stateOf(row);
      const after = { ...before, ...update };
      const timestamp = at.toISOString();
      db.prepare(
        `UPDATE machines SET status = @status, under_maintenance = @under_maintenance, service_status = @service_status,
         deactivated = @deactivated, last_online = @last_online, last_emptied_at = @last_emptied_at,
         last_full = @last_full, updated_at = @updated_at
       WHERE id = @id`,
      ).run({
        ...after,
        under_maintenance: after.under_maintenance ? 1 : 0,
        deactivated: after.deactivated ? 1 : 0,
        updated_at: timestamp,
        id,
      });
      db.prepare('INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES (?, ?, ?, ?, ?)').run(
        id,
        JSON.stringify(before),
        JSON.stringify(after),
        timestamp,
        actor,
      );
      const changed = JSON.stringify(before) !== JSON.stringify(after);
      return { machine: getMachine(db, id)!, changed };
    })
    .immediate();
}
