import { MACHINE_FIELDS, type ApiMachine } from '../../shared/contract/machine';
import { STORED_FIELDS, type MachineRow } from '../../shared/contract/machineRow';

/** One field a row would change: its value now and the row's. Null stands for a field the machine does not have. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const KNOWN: ReadonlySet<string> = new Set(MACHINE_FIELDS);

/** The fields a machine carries beyond the contract's: what an import or the feed kept as they were given. */
export function extraFieldsOf(machine: ApiMachine): Record<string, unknown> {
  return Object.fromEntries(Object.entries(machine).filter(([field]) => !KNOWN.has(field)));
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What writing `row` over `machine` would change, field by field, in the contract's order and then the kept fields.
 * A row replaces the kept fields whole (what it leaves out goes); its photo, when it names one, is not compared: the
 * photo is stored apart (see `storeRowPhotos`).
 */
export function rowChanges(row: MachineRow, machine: ApiMachine): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of STORED_FIELDS) {
    if (!same(machine[field], row[field])) changes.push({ field, before: machine[field], after: row[field] });
  }
  const before = extraFieldsOf(machine);
  const after = row.extra ?? {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = field in before ? before[field] : null;
    const now = field in after ? after[field] : null;
    if (!(field in before && field in after && same(was, now))) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** Whether the row would deactivate a machine that is active now (a new machine may come deactivated: not counted). */
export const deactivates = (row: MachineRow, machine: ApiMachine | undefined): boolean =>
  row.deactivated === true && machine !== undefined && machine.deactivated !== true;
