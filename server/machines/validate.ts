import { checkMachineRow, MACHINE_ID_PATTERN } from '../../shared/contract/checkMachine';
import type { MachineRow } from '../../shared/contract/machineRow';
import { problem, type MachineProblem } from '../../shared/contract/problems';
import { problemText } from './problemText';
import { showText } from './showValue';
import { isRecord } from '../../shared/isRecord';

export type { MachineRow };

export type RowResult = { ok: true; row: MachineRow } | { ok: false; errors: string[] };

/** How an error line names a row: `row 12 (RVM-012)`, or `row 12` when it gives no id. */
function rowLabel(input: unknown, rowNumber: number): string {
  const id = isRecord(input) ? input.id : undefined;
  return typeof id === 'string' && id ? `row ${rowNumber} (${showText(id)})` : `row ${rowNumber}`;
}

/** A row's problems as the import's English lines, each naming the row. */
export function problemLines(input: unknown, rowNumber: number, problems: readonly MachineProblem[]): string[] {
  const fields = isRecord(input) ? input : {};
  const label = rowLabel(input, rowNumber);
  return problems.map((problem) => `${label}: ${problemText(problem, fields)}`);
}

/**
 * Checks one row with the contract's check (shared/contract/checkMachine.ts) and writes each problem as an English
 * line. `rowNumber` is how the user finds the row in their file; every line names it,
 * e.g. `row 12 (RVM-012): district "KOWLON CITY" is not a known district`.
 */
export function validateMachineRow(input: unknown, rowNumber: number): RowResult {
  const checked = checkMachineRow(input);
  if (checked.ok) return checked;
  return { ok: false, errors: problemLines(input, rowNumber, checked.problems) };
}

export type RowsResult = { ok: true; rows: MachineRow[] } | { ok: false; errors: string[] };

/** A row as read from a file, with the number the user sees for it (1-based; a CSV header is row 1). */
export interface NumberedRow {
  rowNumber: number;
  value: unknown;
}

/** A row the check took, with its number in the file. */
export interface AcceptedRow {
  rowNumber: number;
  row: MachineRow;
}

/** A row the check refused: its problems as data (for the console to word) and as the import's English lines. */
export interface RejectedRow {
  rowNumber: number;
  /** The id the row gives, quoted safely; null when it gives none. */
  id: string | null;
  problems: MachineProblem[];
  lines: string[];
}

/** Takes each accepted row as it is checked, instead of the check keeping it. */
export type AcceptedRowSink = (accepted: AcceptedRow) => void;

/**
 * Checks rows one at a time as a file is read, and that no id appears twice (the second row is refused). Only the
 * checked rows are kept, so a large file never has to be in memory as read; with a `sink`, the accepted rows are not
 * kept either, each handed over as it is checked (a preview keeps only what it shows).
 */
export class RowsCheck {
  readonly accepted: AcceptedRow[] = [];
  readonly rejected: RejectedRow[] = [];
  private readonly seen = new Map<string, number>();
  count = 0;

  constructor(private readonly sink?: AcceptedRowSink) {}

  add({ rowNumber, value }: NumberedRow): void {
    this.count += 1;
    const checked = checkMachineRow(value);
    const problems = checked.ok ? [] : [...checked.problems];

    // An id that is not valid is reported already; only valid ones can clash.
    const id = isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
    if (id !== undefined && MACHINE_ID_PATTERN.test(id)) {
      const first = this.seen.get(id);
      if (first === undefined) this.seen.set(id, rowNumber);
      else problems.push(problem('id', 'duplicateId', { firstRow: first }));
    }
    if (checked.ok && problems.length === 0) {
      if (this.sink) this.sink({ rowNumber, row: checked.row });
      else this.accepted.push({ rowNumber, row: checked.row });
      return;
    }
    this.rejected.push({
      rowNumber,
      id: id ? showText(id) : null,
      problems,
      lines: problemLines(value, rowNumber, problems),
    });
  }

  /** Every problem of every row, as the import command prints them. */
  get errors(): string[] {
    return this.rejected.flatMap((row) => row.lines);
  }

  result(): RowsResult {
    return this.rejected.length > 0
      ? { ok: false, errors: this.errors }
      : { ok: true, rows: this.accepted.map(({ row }) => row) };
  }
}

/** Checks every row and that no id appears twice. */
export function validateMachineRows(inputs: Iterable<NumberedRow>): RowsResult {
  const check = new RowsCheck();
  for (const input of inputs) check.add(input);
  return check.result();
}
