import type { Call } from '../../api/client';
import type { Machine } from '../../../shared/machine';
import { saveMachine, type SaveResult } from '../fleet/machineCalls';

/** How long an emptying may be taken back. */
export const UNDO_MS = 10_000;

/** What an emptying changed, to put back on undo. */
export interface BeforeEmptying {
  status: Machine['status'];
  last_emptied_at: string | null;
}

/** The fields "Emptied" sets: room again, emptied now. The server's audit records who did it. */
export const emptiedPatch = (at: Date) => ({ status: '>40%', last_emptied_at: at.toISOString() }) as const;

export const beforeEmptying = (machine: Machine): BeforeEmptying => ({
  status: machine.status,
  last_emptied_at: machine.last_emptied_at ?? null,
});

/** Records an emptying of the machine now. */
export const recordEmptying = (call: Call, machine: Machine, at: Date): Promise<SaveResult> =>
  saveMachine(call, machine.id, emptiedPatch(at));

/** Puts back what an emptying changed. */
export const undoEmptying = (call: Call, id: string, before: BeforeEmptying): Promise<SaveResult> =>
  saveMachine(call, id, { ...before });
