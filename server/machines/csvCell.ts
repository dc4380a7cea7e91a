/**
 * What a spreadsheet may run as a formula or a command (OWASP's CSV injection): a cell whose first character is
 * `=`, `+`, `-`, `@`, a tab, a carriage return or a line feed, or `|` (a DDE call in older spreadsheets). The
 * full-width and small forms (`＝`, `＋`, `－`, `＠`, `｜`, `﹦`, ...) count too: a spreadsheet set for an East Asian
 * language reads them as the plain ones, and NFKC maps each to its plain character.
 */
const FORMULA_CHARACTERS = new Set(['=', '+', '-', '@', '|', '\t', '\r', '\n']);

/** True when a spreadsheet might run `text` rather than show it. */
export function looksLikeFormula(text: string): boolean {
  const first = text.codePointAt(0);
  if (first === undefined) return false;
  const character = String.fromCodePoint(first);
  return FORMULA_CHARACTERS.has(character) || FORMULA_CHARACTERS.has(character.normalize('NFKC'));
}

/** A cell a spreadsheet would run, marked as text: a `'` before it, as a spreadsheet itself marks text. */
export const asSpreadsheetText = (text: string): string => (looksLikeFormula(text) ? `'${text}` : text);

/**
 * A cell as the import reads it: an exported would-be formula without its `'`. The export writes such a cell with a
 * `'` before it and the import reads it back without: a round trip gives the same value, and a spreadsheet shows
 * text, never runs it.
 */
export const readCell = (text: string): string =>
  text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;

/** One cell: text as it is, numbers and true/false as the import reads them, null as nothing, JSON for the rest. */
export function exportCell(value: unknown): string {
  const text = asSpreadsheetText(
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value),
  );
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
