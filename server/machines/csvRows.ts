import { baseType, fieldSchema, isNullable, PHOTO_FIELDS } from '../../shared/contract/machine';
import { extraNameProblems } from '../../shared/contract/extraFields';
import { KNOWN_ROW_FIELDS, ROW_PHOTO_FIELD, STORED_FIELDS, type StoredField } from '../../shared/contract/machineRow';
import { CsvError, csvToObjects } from './csv';
import { readCell } from './csvCell';
import { problemText } from './problemText';
import type { NumberedRow } from './validate';

/** A CSV file cannot hold an array: the coordinates come as two columns. */
const COORDINATE_COLUMNS = ['lat', 'lng'] as const;
const columnsOf = (field: StoredField): readonly string[] => (field === 'coordinates' ? COORDINATE_COLUMNS : [field]);

/** A field a row must have: the contract allows it neither null nor a default. */
const isRequired = (field: StoredField): boolean =>
  !isNullable(fieldSchema(field)) && fieldSchema(field).default === undefined;

/** CSV columns: the contract's fields, with `lat` and `lng` in place of `coordinates`. */
export const REQUIRED_CSV_COLUMNS: readonly string[] = STORED_FIELDS.filter(isRequired).flatMap(columnsOf);
export const OPTIONAL_CSV_COLUMNS: readonly string[] = [
  ...STORED_FIELDS.filter((field) => !isRequired(field)).flatMap(columnsOf),
  ROW_PHOTO_FIELD,
];

const CSV_COLUMNS: ReadonlySet<string> = new Set([...REQUIRED_CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS, ...PHOTO_FIELDS]);
/** Names an unknown column must not take, whatever their case: the CSV columns and the JSON fields. */
const CLAIMED_NAMES: ReadonlySet<string> = new Set([...CSV_COLUMNS, ...KNOWN_ROW_FIELDS]);

const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number when the text is one; otherwise the text, so validation can quote it back. */
const toNumber = (text: string): number | string => (NUMBER_PATTERN.test(text.trim()) ? Number(text) : text);

const TRUE_TEXTS = new Set(['true', '1', 'yes']);
const FALSE_TEXTS = new Set(['false', '0', 'no']);

function toBoolean(text: string): boolean | string {
  const value = text.trim().toLowerCase();
  if (TRUE_TEXTS.has(value)) return true;
  if (FALSE_TEXTS.has(value)) return false;
  return text;
}

const blank = (text: string): boolean => text.trim() === '';

/**
 * A kept column's cell: a JSON object or array as that value (how the export writes one, e.g. a feed's sensor
 * readings), anything else as text.
 */
function keptValue(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : text;
  } catch {
    return text;
  }
}

/** How a column's text becomes the field's value, by the field's type; text stays text where it is not one. */
function readerOf(field: StoredField): (text: string) => unknown {
  const schema = fieldSchema(field);
  const nullable = isNullable(schema);
  switch (baseType(schema)) {
    case 'boolean':
      return toBoolean;
    case 'integer':
    case 'number':
      return (text) => (nullable && blank(text) ? null : toNumber(text));
    default:
      return (text) => (nullable && blank(text) ? null : text);
  }
}

/** Every known column but the coordinates', read by its field's type. */
const READERS: readonly (readonly [string, (text: string) => unknown])[] = [
  ...STORED_FIELDS.filter((field) => field !== 'coordinates').map((field) => [field, readerOf(field)] as const),
  [ROW_PHOTO_FIELD, (text: string) => (blank(text) ? null : text.trim())],
];

function checkHeader(header: readonly string[]): void {
  const unknown = header.filter((name) => !CSV_COLUMNS.has(name));
  const problems = [
    ...REQUIRED_CSV_COLUMNS.filter((name) => !header.includes(name)).map((name) => `missing column "${name}"`),
    ...(unknown.includes('coordinates')
      ? ['column "coordinates" cannot be read from CSV: give "lat" and "lng" columns']
      : []),
    ...extraNameProblems(
      unknown.filter((name) => name !== 'coordinates'),
      CLAIMED_NAMES,
    ).map((problem) => problemText(problem, {}, 'column')),
  ];
  if (problems.length > 0) throw new CsvError(`header: ${problems.join('; ')}`);
}

/**
 * Reads a CSV file as a stream of rows shaped like the JSON data set, ready for validation. Columns the
 * importer does not know stay on the row as text, for validation to keep as unknown fields. A cell the export wrote
 * as `'=…` (a would-be formula marked as text) is read without its `'`.
 */
export async function* machineRowsFromCsv(
  source: string | AsyncIterable<string | Uint8Array>,
): AsyncGenerator<NumberedRow> {
  let kept: readonly string[] = [];
  const readHeader = (header: readonly string[]): void => {
    checkHeader(header);
    const read = new Set<string>([...COORDINATE_COLUMNS, ...READERS.map(([column]) => column)]);
    kept = header.filter((name) => !read.has(name));
  };
  for await (const { rowNumber, values } of csvToObjects(source, readHeader)) {
    const cell = (column: string): string => readCell(values[column] ?? '');
    const value: Record<string, unknown> = {};
    // A blank cell of a kept column is no value: a CSV cannot tell a field left out from an empty one.
    for (const name of kept) if (!blank(cell(name))) value[name] = keptValue(cell(name));
    value.coordinates = COORDINATE_COLUMNS.map((column) => toNumber(cell(column)));
    for (const [column, read] of READERS) value[column] = read(cell(column));
    yield { rowNumber, value };
  }
}
