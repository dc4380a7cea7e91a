import type { Actor } from '../../accounts/actor';
import { sameState } from '../../machines/history';
import { insertHistoryEntry } from './historyEntries';
import type { Db } from './open';
import type { ApiMachine } from '../../machines/apiMachine';
import { getMachine } from './machines';
import { auditedFieldsOf, textAndPictureColumns, type MachineChange } from '../../machines/machineChange';
import { operatorStateOf } from '../../machines/statusUpdate';
import { STATE_EDIT_FIELDS } from '../../../shared/contract/machineEdit';
import { BOOLEAN_COLUMNS, UPDATED_AT_COLUMN } from '../machineRecord';

/**
 * SQLite: applies an operator's change (the state, and the texts, hours and photo a person edits), records it in
 * the audit table and, when the machine's state changed
 * (not only its report time), in its history, in one transaction.
 * Null when there is no such machine; `changed` is false when the update repeated the current state.
 */
export function applyStatusUpdate(
  db: Db,
  id: string,
  update: MachineChange,
  actor: Actor,
  at = new Date(),
): { machine: ApiMachine; changed: boolean } | null {
  return db
    .transaction(() => {
      const was = getMachine(db, id);
      if (!was) return null;
      const before = auditedFieldsOf(was, update);
      const after = { ...before, ...update };
      const state = { ...operatorStateOf(was), ...update };
      const columns = textAndPictureColumns(update);
      const timestamp = at.toISOString();
      const names = [...STATE_EDIT_FIELDS, UPDATED_AT_COLUMN, ...Object.keys(columns)];
      db.prepare(`UPDATE machines SET ${names.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`).run(
        ...STATE_EDIT_FIELDS.map((field) => (BOOLEAN_COLUMNS.includes(field) ? Number(state[field]) : state[field])),
        timestamp,
        ...Object.values(columns),
        id,
      );
      db.prepare(
        `INSERT INTO machine_status_audit (machine_id, before, after, at, actor, actor_kind, address)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, JSON.stringify(before), JSON.stringify(after), timestamp, actor.name, actor.kind, actor.address);
      const machine = getMachine(db, id)!;
      if (!sameState(was, machine)) insertHistoryEntry(db, machine, timestamp);
      return { machine, changed: JSON.stringify(before) !== JSON.stringify(after) };
    })
    .immediate();
}
