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

/**
 * Reads a CSV file as a stream of rows shaped like the JSON data set, ready for validation. Columns the
 * importer does not know stay on the row as text, for validation to keep as unknown fields.
 */
export async function* machineRowsFromCsv(
  source: string | AsyncIterable<string | Uint8Array>,
): AsyncGenerator<NumberedRow> {
  for await (const { rowNumber, values } of csvToObjects(source, checkHeader)) {
    const { lat = '', lng = '', under_maintenance = '', service_status = '', opening_hours, photo, ...rest } = values;
    const timestamps = Object.fromEntries(FEED_TIMESTAMP_FIELDS.map((field) => [field, emptyToNull(values[field])]));
    yield {
      rowNumber,
      value: {
        ...rest,
        coordinates: [toNumber(lat), toNumber(lng)],
        under_maintenance: toBoolean(under_maintenance),
        service_status: toNumber(service_status),
        opening_hours: emptyToNull(opening_hours),
        photo: emptyToNull(photo)?.trim() ?? null,
        bin_count: optionalNumber(values.bin_count),
        bin_count_full_threshold: optionalNumber(values.bin_count_full_threshold),
        deactivated: values.deactivated?.trim() ? toBoolean(values.deactivated) : false,
        ...timestamps,
      },
    };
  }
}
