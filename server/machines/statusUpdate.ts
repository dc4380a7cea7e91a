import { checkMachineEdit, STATE_EDIT_FIELDS, type MachineEdit } from '../../shared/contract/machineEdit';
import { ApiError } from '../errors';
import type { ApiMachine } from './apiMachine';

type StateEditField = (typeof STATE_EDIT_FIELDS)[number];

/** What an operator may change about a machine's state; at least one field. Timestamps as stored (UTC). */
export type StatusUpdate = Pick<MachineEdit, StateEditField>;

/** Everything an operator can change of a machine's state, as the audit records it before and after. */
export const operatorStateOf = (machine: ApiMachine): Required<StatusUpdate> =>
  Object.fromEntries(STATE_EDIT_FIELDS.map((field) => [field, machine[field]])) as Required<StatusUpdate>;

/**
 * The request body as a StatusUpdate, or a 400: an object of the state's fields only, each valid as the contract
 * says (shared/contract/machineEdit.ts), at least one. A timestamp is an ISO 8601 date-time (no offset = Hong Kong
 * time), stored in UTC; null or "" clears it.
 */
export function parseStatusUpdate(body: unknown): StatusUpdate {
  const checked = checkMachineEdit(body, STATE_EDIT_FIELDS);
  if (!checked.ok) throw new ApiError(400, 'badRequest');
  return checked.edit as StatusUpdate;
}
