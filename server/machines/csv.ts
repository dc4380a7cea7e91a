/**
 * A small RFC 4180 CSV reader: comma separated, fields optionally in double quotes, `""` for a quote
 * inside quotes, commas and line breaks allowed inside quotes, CRLF or LF line ends, optional UTF-8 BOM.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

/** Every record as a list of fields. A final line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = 0;
  // Whether the current field opened with a quote and has been closed again.
  let quotedFieldDone = false;

  const endField = (): void => {
    record.push(field);
    field = '';
    quotedFieldDone = false;
  };
  const endRecord = (): void => {
    endField();
    records.push(record);
    record = [];
  };

  while (i < input.length) {
    const char = input[i];
    if (char === '"' && field === '' && !quotedFieldDone) {
      const start = line;
      i += 1;
      for (;;) {
        if (i >= input.length) throw new CsvError(`line ${start}: a quoted field is never closed`);
        const inner = input[i];
        if (inner === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (inner === '\n') line += 1;
        field += inner;
        i += 1;
      }
      quotedFieldDone = true;
      continue;
    }
    if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else if (quotedFieldDone) {
      throw new CsvError(`line ${line}: unexpected text after a closing quote`);
    } else if (char === '"') {
      throw new CsvError(
        `line ${line}: a quote inside an unquoted field (wrap the field in quotes and double the quote)`,
      );
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || quotedFieldDone || record.length > 0) endRecord();
  return records;
}

export interface CsvRow {
  /** As a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  values: Record<string, string>;
}

/**
 * Records under a header line as objects keyed by column name. Blank lines are skipped; a record
 * with a different number of fields than the header is an error naming its row.
 */
export function csvToObjects(text: string): { header: string[]; rows: CsvRow[] } {
  const [header, ...records] = parseCsv(text);
  if (!header || header.every((name) => name.trim() === '')) throw new CsvError('the file has no header line');
  const columns = header.map((name) => name.trim());
  const duplicate = columns.find((name, index) => columns.indexOf(name) !== index);
  if (duplicate !== undefined) throw new CsvError(`column "${duplicate}" appears twice in the header`);

  const rows: CsvRow[] = [];
  records.forEach((record, index) => {
    if (record.length === 1 && record[0] === '') return;
    const rowNumber = index + 2;
    if (record.length !== columns.length) {
      throw new CsvError(`row ${rowNumber}: has ${record.length} fields, the header has ${columns.length}`);
    }
    rows.push({ rowNumber, values: Object.fromEntries(columns.map((name, column) => [name, record[column] ?? ''])) });
  });
  return { header: columns, rows };
}
