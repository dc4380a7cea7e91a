import type { Locale } from '../../../shared/machine';
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
] as const;
export type FleetColumn = (typeof FLEET_COLUMNS)[number];

export interface FleetSort {
  column: FleetColumn;
  desc: boolean;
}

type Compare = (a: FleetRow, b: FleetRow) => number;

/** Known times only: unknown ones are put last before this comparison (see sortFleet). */
const byTime =
  (time: (row: FleetRow) => number | null): Compare =>
  (a, b) =>
    (time(a) ?? 0) - (time(b) ?? 0);

const byFlag =
  (flag: (row: FleetRow) => boolean): Compare =>
  (a, b) =>
    Number(flag(a)) - Number(flag(b));

function comparator(column: FleetColumn, locale: Locale, districtName: (row: FleetRow) => string): Compare {
  const collator = new Intl.Collator(DATE_LOCALE[locale], { numeric: true, sensitivity: 'base' });
  const nameField = `name_${locale}` as const;
  const name = (row: FleetRow) => row.machine[nameField] || row.machine.name_en;
  switch (column) {
    case 'machine':
      return (a, b) => collator.compare(name(a), name(b)) || collator.compare(a.machine.id, b.machine.id);
    case 'district':
      return (a, b) => collator.compare(districtName(a), districtName(b));
    case 'state':
      return (a, b) => DISPLAY_STATES.indexOf(a.state) - DISPLAY_STATES.indexOf(b.state);
    case 'status':
      return (a, b) => statusRank(a) - statusRank(b);
    case 'fullSince':
      return byTime((row) => row.fullSinceMs);
    case 'lastEmptied':
      return byTime((row) => row.lastEmptiedMs);
    case 'lastOnline':
      return byTime((row) => row.lastOnlineMs);
    case 'maintenance':
      return byFlag((row) => !row.maintenance);
    case 'active':
      return byFlag((row) => row.deactivated);
  }
}

/** The time of the time columns: a row without one sorts last, whichever the direction. */
const TIME_OF: Partial<Record<FleetColumn, (row: FleetRow) => number | null>> = {
  fullSince: (row) => row.fullSinceMs,
  lastEmptied: (row) => row.lastEmptiedMs,
  lastOnline: (row) => row.lastOnlineMs,
};

/**
 * Every row's index, in the order of `sort`; ties keep the order of the names, then of the ids, so the
 * order is the same on every load. Descending reverses the comparison, not the tie-break, and unknown times stay last.
 */
export function sortFleet(
  rows: readonly FleetRow[],
  sort: FleetSort,
  locale: Locale,
  districtName: (row: FleetRow) => string,
): Uint32Array {
  const primary = comparator(sort.column, locale, districtName);
  const byName = comparator('machine', locale, districtName);
  const sign = sort.desc ? -1 : 1;
  const time = TIME_OF[sort.column];
  const order = Array.from(rows.keys());
  order.sort((i, j) => {
    const a = rows[i]!;
    const b = rows[j]!;
    if (time) {
      const unknown = Number(time(a) === null) - Number(time(b) === null);
      if (unknown !== 0) return unknown;
    }
    return sign * primary(a, b) || (sort.column === 'machine' ? 0 : byName(a, b));
  });
  return Uint32Array.from(order);
}
