/**
 * The catalogue's form: one declaration a table, read by both engines' stores (their column lists), by
 * copy-to-postgres (what it sends each column as) and by the tests that hold the migrations to it. A column's type
 * is PostgreSQL's (`unnest` sends it as an array of that type); SQLite stores the same values but for `bool`, kept
 * as 0 and 1, `json` and `jsonb`, kept as text, and `text[]`, kept as JSON text.
 */
export type ColumnType = 'text' | 'text[]' | 'int' | 'int4' | 'int8' | 'float8' | 'bool' | 'json' | 'jsonb';

export interface Table {
  readonly name: string;
  /** Every column, in the order copy-to-postgres writes them. */
  readonly columns: Readonly<Record<string, ColumnType>>;
  /** Its rows keep their ids when copied (other rows refer to them), and the id sequence goes on after them. */
  readonly keepIds?: boolean;
  /** Columns the table has that nobody writes: their default is their only value (feed_baseline's only_row). */
  readonly fixed?: readonly string[];
  /** The order copy-to-postgres reads its rows in; by its first column when not given. */
  readonly orderBy?: string;
}

/** A table's columns for a SELECT or RETURNING, but those in `except` (secrets, bodies the stores never read). */
export const columnList = (table: Table, except: readonly string[] = []): string =>
  Object.keys(table.columns)
    .filter((column) => !except.includes(column))
    .join(', ');

/**
 * A row as SQLite keeps it (0 and 1, JSON text arrays) made the values PostgreSQL's columns take (booleans, arrays);
 * JSON columns stay text (PostgreSQL parses it).
 */
export function toPgValues(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const values = { ...row };
  for (const [column, type] of Object.entries(table.columns)) {
    if (type === 'bool') values[column] = row[column] === 1;
    else if (type === 'text[]') values[column] = JSON.parse(String(row[column])) as unknown;
  }
  return values;
}

/** A `bool` column as either engine returns it: PostgreSQL's boolean or SQLite's 0 and 1. */
export const flag = (value: boolean | number): boolean => value === true || value === 1;

/** A `text[]` column as either engine returns it: PostgreSQL's array or SQLite's JSON text. */
export const textArray = (value: string[] | string): string[] =>
  typeof value === 'string' ? (JSON.parse(value) as string[]) : value;

/** A `json`/`jsonb` column as either engine returns it: PostgreSQL's parsed value or SQLite's text. */
export const jsonValue = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
