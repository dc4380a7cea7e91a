import { MACHINE_FIELDS, type ApiMachine } from '../../shared/contract/machine';
import { REQUIRED_CSV_COLUMNS, OPTIONAL_CSV_COLUMNS } from './csvRows';
import { exportCell } from './csvCell';
import { extraFieldsOf } from './importDiff';

/** Excel reads a UTF-8 file as UTF-8 (names in Chinese) only when it starts with this. */
const BYTE_ORDER_MARK = '\uFEFF';

const KNOWN_COLUMNS = [...REQUIRED_CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS];
const KNOWN: ReadonlySet<string> = new Set(MACHINE_FIELDS);

/** The import's columns, then every kept field some machine has, in the order first met. */
export function exportColumns(machines: readonly ApiMachine[]): string[] {
  const extra = new Set<string>();
  for (const machine of machines) for (const field of Object.keys(machine)) if (!KNOWN.has(field)) extra.add(field);
  return [...KNOWN_COLUMNS, ...extra];
}

/** A machine's value for a column: the coordinates as `lat` and `lng`; no photo (a row without one keeps it). */
function columnValue(machine: ApiMachine, column: string, extra: Record<string, unknown>): unknown {
  if (column === 'lat') return machine.coordinates[0];
  if (column === 'lng') return machine.coordinates[1];
  if (column === 'photo') return null;
  if (column in extra) return extra[column];
  return (machine as unknown as Record<string, unknown>)[column];
}

const line = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;

/**
 * The machines as a CSV file the import reads back unchanged: its header, then one line per machine. A kept field
 * a machine lacks is an empty cell, which the import reads as no field.
 */
export function* machinesCsv(machines: readonly ApiMachine[]): Generator<string> {
  const columns = exportColumns(machines);
  yield BYTE_ORDER_MARK + line(columns.map(exportCell));
  for (const machine of machines) {
    const extra = extraFieldsOf(machine);
    yield line(columns.map((column) => exportCell(columnValue(machine, column, extra))));
  }
}
