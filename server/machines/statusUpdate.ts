import { STATE_EDIT_FIELDS, type MachineEdit } from '../../shared/contract/machineEdit';
import type { ApiMachine } from './apiMachine';

type StateEditField = (typeof STATE_EDIT_FIELDS)[number];

/** What an operator may change about a machine's state; at least one field. Timestamps as stored (UTC). */
export type StatusUpdate = Pick<MachineEdit, StateEditField>;

/** Everything an operator can change of a machine's state, as the audit records it before and after. */
export const operatorStateOf = (machine: ApiMachine): Required<StatusUpdate> =>
  Object.fromEntries(STATE_EDIT_FIELDS.map((field) => [field, machine[field]])) as Required<StatusUpdate>;
