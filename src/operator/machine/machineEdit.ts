import type { Machine, Status } from '../../../shared/machine';

/** The texts an operator edits, in the three languages. */
export const TEXT_FIELDS = [
  'name_en',
  'name_zht',
  'name_zhs',
  'address_en',
  'address_zht',
  'address_zhs',
  'service_hour_en',
  'service_hour_zht',
  'service_hour_zhs',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** What the machine form edits, as the form holds it (a switch for out of service, text for the hours). */
export interface MachineEdit extends Record<TextField, string> {
  status: Status | null;
  under_maintenance: boolean;
  outOfService: boolean;
  deactivated: boolean;
  opening_hours: string;
}
export type EditField = keyof MachineEdit;

export function editOf(machine: Machine): MachineEdit {
  return {
    status: machine.status,
    under_maintenance: machine.under_maintenance,
    outOfService: machine.service_status === 1,
    deactivated: machine.deactivated === true,
    opening_hours: machine.opening_hours ?? '',
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, machine[field]])) as Record<TextField, string>),
  };
}

/** The body of `PATCH /api/operator/machines/:id`: only what differs from the machine, texts trimmed. */
export function patchOf(values: MachineEdit, machine: Machine): Record<string, unknown> {
  const before = editOf(machine);
  const patch: Record<string, unknown> = {};
  if (values.status !== before.status && values.status !== null) patch.status = values.status;
  if (values.under_maintenance !== before.under_maintenance) patch.under_maintenance = values.under_maintenance;
  if (values.outOfService !== before.outOfService) patch.service_status = values.outOfService ? 1 : 0;
  if (values.deactivated !== before.deactivated) patch.deactivated = values.deactivated;
  for (const field of TEXT_FIELDS) {
    const text = values[field].trim();
    if (text !== before[field]) patch[field] = text;
  }
  const hours = values.opening_hours.trim();
  if (hours !== before.opening_hours.trim()) patch.opening_hours = hours === '' ? null : hours;
  return patch;
}

/**
 * The form field a server problem's `field` names: the API's field, or the form's own name for it
 * (`service_status` is the out-of-service switch).
 */
export const formFieldOf = (apiField: string): string => (apiField === 'service_status' ? 'outOfService' : apiField);
