import { DISTRICTS, type District, type Locale } from '../../../shared/machine';
import { DISPLAY_STATES } from '../../machines/displayState';
import { DATE_LOCALE } from '../../freshness/formatFreshness';
import { statusRank, type FleetRow } from './fleetRow';

export const FLEET_COLUMNS = [
  'machine',
  'district',
  'state',
  'status',
  'fullSince',
  'lastEmptied',
  'lastOnline',
  'maintenance',
  'active',
  'reports',
] as const;
export type FleetColumn = (typeof FLEET_COLUMNS)[number];

export interface FleetSort {
  column: FleetColumn;
  desc: boolean;
}

/**
 * The rows in the order of their names in one language (ties by id), and each row's place in it: every sort's
 * tie-break, and the machine column's order as it is.
 */
export interface NameRanks {
  locale: Locale;
  rows: readonly FleetRow[];
  /** Row indices by name. */
  order: Uint32Array;
  /** Each row's place in `order`. */
  rank: Uint32Array;
}

const collatorOf = (locale: Locale) => new Intl.Collator(DATE_LOCALE[locale], { numeric: true, sensitivity: 'base' });
const nameIn = (locale: Locale) => {
  const field = `name_${locale}` as const;
  return (row: FleetRow) => row.machine[field] || row.machine.name_en;
};

/**
 * The rows' names in order in `locale`: sorted once with the language's collation (Hong Kong's stroke order,
 * pinyin, English with numbers as numbers), and kept from `previous` when no row's name or id changed (a live change
 * of status keeps every name).
 */
export function nameRanks(rows: readonly FleetRow[], locale: Locale, previous?: NameRanks): NameRanks {
  const name = nameIn(locale);
  const same = (row: FleetRow, before: FleetRow | undefined) =>
    row === before || (before !== undefined && row.machine.id === before.machine.id && name(row) === name(before));
  if (
    previous?.locale === locale &&
    previous.rows.length === rows.length &&
    rows.every((row, i) => same(row, previous.rows[i]))
  )
    return { ...previous, rows };
  const collator = collatorOf(locale);
  const order = Uint32Array.from(rows.keys()).sort(
    (i, j) =>
      collator.compare(name(rows[i]!), name(rows[j]!)) || collator.compare(rows[i]!.machine.id, rows[j]!.machine.id),
  );
  const rank = new Uint32Array(rows.length);
  order.forEach((row, place) => (rank[row] = place));
  return { locale, rows, order, rank };
}

/** The districts' places in the order of their names in `locale`; a machine without a district sorts first. */
export function districtRanks(districtName: (district: District) => string, locale: Locale): Map<District, number> {
  const collator = collatorOf(locale);
  const sorted = [...DISTRICTS].sort((a, b) => collator.compare(districtName(a), districtName(b)));
  return new Map(sorted.map((district, place) => [district, place + 1]));
}

const MS_PER_S = 1000;

/** Each machine's open problem reports by id (reportCounts/); a machine not in it has none. */
export type ReportCounts = Readonly<Record<string, number>>;
const NO_REPORTS: ReportCounts = {};

/** The whole number each row sorts by in a column; NaN for an unknown time (last, whichever the direction). */
function keyOf(
  column: Exclude<FleetColumn, 'machine'>,
  districts: ReadonlyMap<District, number>,
  reports: ReportCounts,
): (row: FleetRow) => number {
  const seconds = (ms: number | null) => (ms === null ? NaN : Math.floor(ms / MS_PER_S));
  switch (column) {
    case 'district':
      return (row) => (row.machine.district === null ? 0 : (districts.get(row.machine.district) ?? 0));
    case 'state':
      return (row) => DISPLAY_STATES.indexOf(row.state);
    case 'status':
      return statusRank;
    case 'fullSince':
      return (row) => seconds(row.fullSinceMs);
    case 'lastEmptied':
      return (row) => seconds(row.lastEmptiedMs);
    case 'lastOnline':
      return (row) => seconds(row.lastOnlineMs);
    case 'maintenance':
      return (row) => (row.maintenance ? 0 : 1);
    case 'active':
      return (row) => (row.deactivated ? 1 : 0);
    case 'reports':
      return (row) => reports[row.machine.id] ?? 0;
  }
}

/**
 * Every row's index in the order of `sort`, ties in the order of the names, unknown times last. Each row becomes one
 * number, its key's place times the number of rows plus its name's place, and the numbers are sorted by the
 * engine's own numeric sort, without a comparison function: 100,000 machines in a few milliseconds
 * (bench/pure/fleetNode.ts). Times count in whole seconds, which keeps the numbers exact below 2^53 for up to a
 * million machines over a century of times.
 */
export function sortFleet(
  rows: readonly FleetRow[],
  sort: FleetSort,
  names: NameRanks,
  districts: ReadonlyMap<District, number>,
  reports: ReportCounts = NO_REPORTS,
): Uint32Array {
  const n = rows.length;
  if (sort.column === 'machine') return sort.desc ? names.order.slice().reverse() : names.order.slice();
  const key = Float64Array.from(rows, keyOf(sort.column, districts, reports));
  let min = Infinity;
  let max = -Infinity;
  for (const value of key) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  // Every time unknown: no key to place by, only the names.
  if (min > max) min = max = 0;
  const unknown = max - min + 1;
  const combined = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const value = key[i]!;
    const place = Number.isNaN(value) ? unknown : sort.desc ? max - value : value - min;
    combined[i] = place * n + names.rank[i]!;
  }
  combined.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = names.order[combined[k]! % n]!;
  return order;
}
