/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection) starts with one of these. The export writes
 * such a cell with a `'` before it, as a spreadsheet itself marks text, and the import reads it back without: a
 * round trip gives the same value, and a spreadsheet shows text, never runs it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** A cell as the import reads it: an exported would-be formula without its `'`. */
export const readCell = (text: string): string => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

/** One cell: text as it is, numbers and true/false as the import reads them, null as nothing, JSON for the rest. */
export function exportCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
