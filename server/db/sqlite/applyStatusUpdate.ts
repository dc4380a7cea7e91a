import type { Actor } from '../../accounts/actor';
import { sameState } from '../../machines/history';
import { insertHistoryEntry } from './historyEntries';
import type { Db } from './open';
import type { ApiMachine } from '../../machines/apiMachine';
import { getMachine } from './machines';
import { auditedFieldsOf, textAndPictureColumns, type MachineChange } from '../../machines/machineChange';
import { operatorStateOf } from '../../machines/statusUpdate';

/**
 * SQLite: applies an operator's change (the state, and the texts, hours and photo a person edits), records it in the audit table and, when the machine's state changed
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
      // The column names come from the fixed list of editable fields, never from the request.
      const setColumns = Object.keys(columns).map((column) => `, ${column} = @${column}`);
      db.prepare(
        `UPDATE machines SET status = @status, under_maintenance = @under_maintenance, service_status = @service_status,
         deactivated = @deactivated, last_online = @last_online, last_emptied_at = @last_emptied_at,
         last_full = @last_full, updated_at = @updated_at${setColumns.join('')}
       WHERE id = @id`,
      ).run({
        status: state.status,
        service_status: state.service_status,
        last_online: state.last_online,
        last_emptied_at: state.last_emptied_at,
        last_full: state.last_full,
        under_maintenance: state.under_maintenance ? 1 : 0,
        deactivated: state.deactivated ? 1 : 0,
        updated_at: timestamp,
        id,
        ...columns,
      });
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
