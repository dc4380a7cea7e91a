import { CsvError, csvToObjects } from './csv';
import { TEXT_FIELDS, type NumberedRow } from './validate';

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
export const OPTIONAL_CSV_COLUMNS = ['opening_hours', 'photo'] as const;

const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number when the text is one; otherwise the text, so validation can quote it back. */
const toNumber = (text: string): number | string => (NUMBER_PATTERN.test(text.trim()) ? Number(text) : text);

function toBoolean(text: string): boolean | string {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return text;
}

const emptyToNull = (text: string | undefined): string | null => (text && text.trim() ? text : null);

/** Parses a CSV file into rows shaped like the JSON data set, ready for validation. */
export function machineRowsFromCsv(text: string): NumberedRow[] {
  const { header, rows } = csvToObjects(text);
  const known = new Set<string>([...REQUIRED_CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS]);
  const problems = [
    ...REQUIRED_CSV_COLUMNS.filter((name) => !header.includes(name)).map((name) => `missing column "${name}"`),
    ...header.filter((name) => !known.has(name)).map((name) => `unknown column "${name}"`),
  ];
  if (problems.length > 0) throw new CsvError(`header: ${problems.join('; ')}`);

  return rows.map(({ rowNumber, values }) => {
    const { lat = '', lng = '', under_maintenance = '', service_status = '', opening_hours, photo, ...rest } = values;
    return {
      rowNumber,
      value: {
        ...rest,
        coordinates: [toNumber(lat), toNumber(lng)],
        under_maintenance: toBoolean(under_maintenance),
        service_status: toNumber(service_status),
        opening_hours: emptyToNull(opening_hours),
        photo: emptyToNull(photo)?.trim() ?? null,
      },
    };
  });
}
