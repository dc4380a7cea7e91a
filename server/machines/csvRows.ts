import { CsvError, csvToObjects } from './csv';
import { extraNameProblems } from './extraFields';
import { FEED_FIELDS, FEED_TIMESTAMP_FIELDS } from './feedFields';
import { KNOWN_FIELDS, TEXT_FIELDS, type NumberedRow } from './validate';

/** CSV columns: the JSON fields, with `lat` and `lng` in place of `coordinates`. */
export const REQUIRED_CSV_COLUMNS = [
  'id',
  'lat',
  'lng',
  'area',
  'district',
  'status',
  'under_maintenance',
  'service_status',
  ...TEXT_FIELDS,
] as const;
export const OPTIONAL_CSV_COLUMNS = ['opening_hours', 'photo', ...FEED_FIELDS] as const;
/** Read and dropped, as in a JSON file, so an exported API answer loads back. */
const IGNORED_CSV_COLUMNS = ['picture', 'thumbnail'] as const;

const CSV_COLUMNS: ReadonlySet<string> = new Set([
  ...REQUIRED_CSV_COLUMNS,
  ...OPTIONAL_CSV_COLUMNS,
  ...IGNORED_CSV_COLUMNS,
]);
/** Names an unknown column must not take, whatever their case: the CSV columns and the JSON fields. */
const CLAIMED_NAMES: ReadonlySet<string> = new Set([...CSV_COLUMNS, ...KNOWN_FIELDS]);

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

const emptyToNull = (text: string | undefined): string | null => (text && text.trim() ? text : null);
const optionalNumber = (text: string | undefined): number | string | null => (text?.trim() ? toNumber(text) : null);

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
      'column',
    ),
  ];
  if (problems.length > 0) throw new CsvError(`header: ${problems.join('; ')}`);
}

/** Columns read into another form (or under another name); every other column is kept as it is. */
const CONVERTED_COLUMNS: ReadonlySet<string> = new Set([
  'lat',
  'lng',
  'under_maintenance',
  'service_status',
  'opening_hours',
  'photo',
  ...FEED_FIELDS,
]);

/**
 * Reads a CSV file as a stream of rows shaped like the JSON data set, ready for validation. Columns the
 * importer does not know stay on the row as text, for validation to keep as unknown fields.
 */
export async function* machineRowsFromCsv(
  source: string | AsyncIterable<string | Uint8Array>,
): AsyncGenerator<NumberedRow> {
  let kept: readonly string[] = [];
  const readHeader = (header: readonly string[]): void => {
    checkHeader(header);
    kept = header.filter((name) => !CONVERTED_COLUMNS.has(name));
  };
  for await (const { rowNumber, values } of csvToObjects(source, readHeader)) {
    const value: Record<string, unknown> = {};
    for (const name of kept) value[name] = values[name];
    value.coordinates = [toNumber(values.lat ?? ''), toNumber(values.lng ?? '')];
    value.under_maintenance = toBoolean(values.under_maintenance ?? '');
    value.service_status = toNumber(values.service_status ?? '');
    value.opening_hours = emptyToNull(values.opening_hours);
    value.photo = emptyToNull(values.photo)?.trim() ?? null;
    value.bin_count = optionalNumber(values.bin_count);
    value.bin_count_full_threshold = optionalNumber(values.bin_count_full_threshold);
    value.deactivated = values.deactivated?.trim() ? toBoolean(values.deactivated) : false;
    for (const field of FEED_TIMESTAMP_FIELDS) value[field] = emptyToNull(values[field]);
    yield { rowNumber, value };
  }
}
