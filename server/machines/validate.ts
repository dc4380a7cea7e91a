import { checkMachineRow, MACHINE_ID_PATTERN } from '../../shared/contract/checkMachine';
import type { MachineRow } from '../../shared/contract/machineRow';
import { problemText } from './problemText';
import { showText } from './showValue';

export type { MachineRow };

export type RowResult = { ok: true; row: MachineRow } | { ok: false; errors: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks one row with the contract's check (shared/contract/checkMachine.ts) and writes each problem as an English
 * line. `rowNumber` is how the user finds the row in their file; every line names it,
 * e.g. `row 12 (RVM-012): district "KOWLON CITY" is not a known district`.
 */
export function validateMachineRow(input: unknown, rowNumber: number): RowResult {
  const checked = checkMachineRow(input);
  if (checked.ok) return checked;
  const fields = isRecord(input) ? input : {};
  const label =
    typeof fields.id === 'string' && fields.id ? `row ${rowNumber} (${showText(fields.id)})` : `row ${rowNumber}`;
  return { ok: false, errors: checked.problems.map((problem) => `${label}: ${problemText(problem, fields)}`) };
}

export type RowsResult = { ok: true; rows: MachineRow[] } | { ok: false; errors: string[] };

/** A row as read from a file, with the number the user sees for it (1-based; a CSV header is row 1). */
export interface NumberedRow {
  rowNumber: number;
  value: unknown;
}

/**
 * Checks rows one at a time as a file is read, and that no id appears twice. Only the checked rows are
 * kept, so a large file never has to be in memory as read.
 */
export class RowsCheck {
  private readonly errors: string[] = [];
  private readonly rows: MachineRow[] = [];
  private readonly seen = new Map<string, number>();
  count = 0;

  add({ rowNumber, value }: NumberedRow): void {
    this.count += 1;
    const result = validateMachineRow(value, rowNumber);
    if (result.ok) this.rows.push(result.row);
    else this.errors.push(...result.errors);

    // An id that is not valid is reported already; only valid ones can clash.
    const id = isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
    if (id === undefined || !MACHINE_ID_PATTERN.test(id)) return;
    const first = this.seen.get(id);
    if (first === undefined) this.seen.set(id, rowNumber);
    else this.errors.push(`row ${rowNumber} (${id}): duplicate id, first used in row ${first}`);
  }

  result(): RowsResult {
    return this.errors.length > 0 ? { ok: false, errors: this.errors } : { ok: true, rows: this.rows };
  }
}

/** Checks every row and that no id appears twice. */
export function validateMachineRows(inputs: Iterable<NumberedRow>): RowsResult {
  const check = new RowsCheck();
  for (const input of inputs) check.add(input);
  return check.result();
}
