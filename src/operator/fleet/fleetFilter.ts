import type { Area, District } from '../../../shared/machine';
import { isStaleAt } from '../../machines/staleness';
import type { FleetRow } from './fleetRow';

const MS_PER_HOUR = 60 * 60 * 1000;

/** The fleet table's filters; every one that is set must hold. */
export interface FleetFilters {
  fullNow: boolean;
  /** Full for longer than this many hours (by `last_full`); null = no such filter. */
  fullOverHours: number | null;
  /** The last report is older than the deployment's stale threshold (or there is none). */
  notReporting: boolean;
  maintenance: boolean;
  deactivated: boolean;
  area: Area | null;
  district: District | null;
  /** Looked for in the id, names and addresses in every language, case-insensitive. */
  text: string;
}

export const NO_FLEET_FILTERS: FleetFilters = {
  fullNow: false,
  fullOverHours: null,
  notReporting: false,
  maintenance: false,
  deactivated: false,
  area: null,
  district: null,
  text: '',
};

/** How many filters are set (a phone shows the number on its folded filters). */
export const filtersSet = (filters: FleetFilters): number =>
  [
    filters.fullNow,
    filters.fullOverHours !== null,
    filters.notReporting,
    filters.maintenance,
    filters.deactivated,
    filters.area !== null,
    filters.district !== null,
    filters.text.trim() !== '',
  ].filter(Boolean).length;

/** A machine that never reported, or whose last report is older than the threshold, is not reporting. */
export const isNotReporting = (row: FleetRow, nowMs: number, staleAfterMs: number): boolean =>
  row.lastOnlineMs === null || isStaleAt(row.lastOnlineMs, nowMs, staleAfterMs);

/** The test one row must pass; null when no filter is set (every row passes). */
export function fleetPredicate(
  filters: FleetFilters,
  nowMs: number,
  staleAfterMs: number,
): ((row: FleetRow) => boolean) | null {
  const tests: ((row: FleetRow) => boolean)[] = [];
  const text = filters.text.trim().toLowerCase();
  if (filters.fullNow) tests.push((row) => row.machine.status === 'Full');
  if (filters.fullOverHours !== null) {
    const since = nowMs - filters.fullOverHours * MS_PER_HOUR;
    tests.push((row) => row.fullSinceMs !== null && row.fullSinceMs < since);
  }
  if (filters.notReporting) tests.push((row) => isNotReporting(row, nowMs, staleAfterMs));
  if (filters.maintenance) tests.push((row) => row.maintenance);
  if (filters.deactivated) tests.push((row) => row.deactivated);
  if (filters.area !== null) tests.push((row) => row.machine.area === filters.area);
  if (filters.district !== null) tests.push((row) => row.machine.district === filters.district);
  if (text) tests.push((row) => row.haystack.includes(text));
  if (tests.length === 0) return null;
  return (row) => tests.every((test) => test(row));
}

/** The rows of `order` (indices into `rows`) that pass the filters, in that order. */
export function filterFleet(
  rows: readonly FleetRow[],
  order: Uint32Array,
  filters: FleetFilters,
  nowMs: number,
  staleAfterMs: number,
): Uint32Array {
  const passes = fleetPredicate(filters, nowMs, staleAfterMs);
  if (!passes) return order;
  const shown = new Uint32Array(order.length);
  let count = 0;
  for (const index of order) if (passes(rows[index]!)) shown[count++] = index;
  return shown.slice(0, count);
}
