import type { Actor } from '../../accounts/actor';
import type { ApiMachine } from '../../machines/apiMachine';
import { sameState } from '../../machines/history';
import type { MachineChange } from '../../machines/machineChange';
import { machineEdit, STATUS_AUDIT_COLUMNS } from '../machineRecord';
import { insertHistoryEntry } from './historyEntries';
import { getMachine } from './machines';
import type { Db } from './open';

/**
 * SQLite: applies an operator's edit (the state, and the texts, hours and photo a person edits), records it in the
 * audit table and, when the machine's state changed (not only its report time), in its history, in one transaction.
 * Null when there is no such machine; `changed` is false when the edit repeated what the machine held.
 */
export function applyMachineEdit(
  db: Db,
  id: string,
  change: MachineChange,
  actor: Actor,
  at = new Date(),
): { machine: ApiMachine; changed: boolean } | null {
  return db
    .transaction(() => {
      const was = getMachine(db, id);
      if (!was) return null;
      const timestamp = at.toISOString();
      const edit = machineEdit(was, change, actor, timestamp, true);
      db.prepare(`UPDATE machines SET ${edit.columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?`).run(
        ...edit.values,
        id,
      );
      db.prepare(`INSERT INTO machine_status_audit (${STATUS_AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
        ...edit.audit,
      );
      const machine = getMachine(db, id)!;
      if (!sameState(was, machine)) insertHistoryEntry(db, machine, timestamp);
      return { machine, changed: edit.changed };
    })
    .immediate();
}
