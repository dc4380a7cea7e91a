import { sameState } from '../../machines/history';
import { insertHistoryEntry } from './historyEntries';
import type { Db } from './open';
import type { ApiMachine } from '../../machines/apiMachine';
import { getMachine } from './machines';
import { operatorStateOf, type StatusUpdate } from '../../machines/statusUpdate';
import { STATE_EDIT_FIELDS } from '../../../shared/contract/machineEdit';
import { BOOLEAN_COLUMNS, UPDATED_AT_COLUMN } from '../machineRecord';

const UPDATE_SQL = `UPDATE machines SET ${[...STATE_EDIT_FIELDS, UPDATED_AT_COLUMN].map((column) => `${column} = ?`).join(', ')}
  WHERE id = ?`;

/**
 * SQLite: applies an operator's status update, records it in the audit table and, when the machine's state changed
 * (not only its report time), in its history, in one transaction.
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
      const was = getMachine(db, id);
      if (!was) return null;
      const before = operatorStateOf(was);
      const after = { ...before, ...update };
      const timestamp = at.toISOString();
      db.prepare(UPDATE_SQL).run(
        ...STATE_EDIT_FIELDS.map((field) => (BOOLEAN_COLUMNS.includes(field) ? Number(after[field]) : after[field])),
        timestamp,
        id,
      );
      db.prepare('INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES (?, ?, ?, ?, ?)').run(
        id,
        JSON.stringify(before),
        JSON.stringify(after),
        timestamp,
        actor,
      );
      const machine = getMachine(db, id)!;
      if (!sameState(was, machine)) insertHistoryEntry(db, machine, timestamp);
      return { machine, changed: JSON.stringify(before) !== JSON.stringify(after) };
    })
    .immediate();
}
