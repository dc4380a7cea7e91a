import { LOCALIZED_FIELDS } from '../../shared/contract/machine';
import type { MachineEdit } from '../../shared/contract/machineEdit';
import type { ApiMachine } from './apiMachine';
import { operatorStateOf } from './statusUpdate';

/** The texts an operator may edit besides the state: each language's name, address and service hours, the hours. */
export const TEXT_EDIT_FIELDS = [...LOCALIZED_FIELDS, 'opening_hours'] as const;
export type TextEditField = (typeof TEXT_EDIT_FIELDS)[number];

/** A checked change to a machine (the contract's edit), each value as it is stored. */
export type MachineChange = MachineEdit;

const pictureOf = (machine: ApiMachine): { id: string } | null => (machine.picture ? { id: machine.picture.id } : null);

const isTextField = (field: string): field is TextEditField => (TEXT_EDIT_FIELDS as readonly string[]).includes(field);

/**
 * What the audit records before and after a change: the machine's whole state (as it always has), and each text or
 * the photo only when the change touches it, so a status report does not copy nine texts into every entry.
 */
export function auditedFieldsOf(machine: ApiMachine, change: MachineChange): Record<string, unknown> {
  const fields: Record<string, unknown> = operatorStateOf(machine);
  for (const field of Object.keys(change)) {
    if (isTextField(field)) fields[field] = machine[field] ?? null;
    else if (field === 'picture') fields.picture = pictureOf(machine);
  }
  return fields;
}

/**
 * The columns of the machines table a change writes besides the state's, with their values (the photo by its id,
 * in `picture_id`). The names come from the contract's fixed list, never from a request.
 */
export function textAndPictureColumns(change: MachineChange): Record<string, string | null> {
  const columns: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(change)) {
    if (isTextField(field)) columns[field] = value as string | null;
    else if (field === 'picture') columns.picture_id = (value as { id: string } | null)?.id ?? null;
  }
  return columns;
}
