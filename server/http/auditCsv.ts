import { asSpreadsheetText } from '../machines/csvCell';

/** The audit as CSV, for a spreadsheet: one line per entry, these columns, UTF-8 with a byte-order mark. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'actorKind',
  'address',
  'machineId',
  'kind',
  'before',
  'after',
] as const;

export type AuditCsvRow = Record<(typeof AUDIT_CSV_COLUMNS)[number], unknown>;

/** Excel reads a UTF-8 file as UTF-8 (names in Chinese) only when it starts with this. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** One cell: text as it is, an object as JSON, null as nothing; a would-be formula made text; quoted when needed. */
export function csvCell(value: unknown): string {
  const text = asSpreadsheetText(
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
  );
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const auditCsvHeader = (): string => BYTE_ORDER_MARK + csvLine(AUDIT_CSV_COLUMNS);

export const auditCsvLine = (row: AuditCsvRow): string => csvLine(AUDIT_CSV_COLUMNS.map((column) => row[column]));
