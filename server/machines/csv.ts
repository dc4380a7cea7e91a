import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError as ParserError, parse, type Options } from 'csv-parse';
import { showValue } from './showValue';

export class CsvError extends Error {
  override name = 'CsvError';
}

/**
 * RFC 4180 as spreadsheets write it: comma separated, fields optionally in double quotes, `""` for a quote
 * inside quotes, commas and line breaks allowed inside quotes, CRLF, LF or CR line ends, optional UTF-8 BOM.
 * Field counts are checked here, so that the error can name the row.
 */
const PARSER_OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** csv-parse's error codes, told in the importer's words; every other error is reported by its code alone. */
const PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'unexpected text after a closing quote',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field (wrap the field in quotes and double the quote)',
};

/** The file's records as lists of fields, read as a stream. A final line break does not make an empty record. */
export async function* parseCsv(source: string | AsyncIterable<string | Uint8Array>): AsyncGenerator<string[]> {
  const parser = parse(PARSER_OPTIONS);
  const input = typeof source === 'string' ? Readable.from([source]) : Readable.from(source);
  // The parser learns of a failed read through the pipeline and ends the loop below with it.
  pipeline(input, parser).catch(() => undefined);
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (!(error instanceof ParserError)) throw error;
    // `records` counts the records before the broken one; the header is row 1, as a spreadsheet shows it.
    throw new CsvError(`row ${Number(error.records) + 1}: ${PROBLEMS[error.code] ?? `cannot be read (${error.code})`}`);
  } finally {
    parser.destroy();
  }
}

export interface CsvRow {
  /** As a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  values: Record<string, string>;
}

/**
 * Records under a header line as objects keyed by column name, read as a stream. `checkHeader` sees the
 * trimmed header before the first row is read. Blank lines are skipped; a record with a different number
 * of fields than the header is an error naming its row.
 */
export async function* csvToObjects(
  source: string | AsyncIterable<string | Uint8Array>,
  checkHeader: (columns: readonly string[]) => void = () => undefined,
): AsyncGenerator<CsvRow> {
  let columns: string[] | undefined;
  let rowNumber = 1;
  for await (const record of parseCsv(source)) {
    if (columns === undefined) {
      columns = headerColumns(record);
      checkHeader(columns);
      continue;
    }
    rowNumber += 1;
    if (record.length === 1 && record[0] === '') continue;
    if (record.length !== columns.length) {
      throw new CsvError(`row ${rowNumber}: has ${record.length} fields, the header has ${columns.length}`);
    }
    const values: Record<string, string> = {};
    columns.forEach((name, column) => (values[name] = record[column] ?? ''));
    yield { rowNumber, values };
  }
  if (columns === undefined) throw new CsvError('the file has no header line');
}

function headerColumns(header: readonly string[]): string[] {
  if (header.every((name) => name.trim() === '')) throw new CsvError('the file has no header line');
  const columns = header.map((name) => name.trim());
  const duplicate = columns.find((name, index) => columns.indexOf(name) !== index);
  if (duplicate !== undefined) throw new CsvError(`column ${showValue(duplicate)} appears twice in the header`);
  return columns;
}
