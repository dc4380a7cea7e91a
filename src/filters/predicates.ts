import type { Area, District, Locale, Machine } from '../../shared/machine';
import { showsAsMaintenance } from '../machines/displayState';
import { machineText } from '../machines/text';
import { STATUSES_OF_GROUP, type StatusGroup } from './statusGroups';

export interface FilterCriteria {
  statusGroup: StatusGroup | null;
  area: Area | null;
  district: District | null;
  /** Already normalised with `normaliseSearchText`; empty matches everything. */
  query: string;
}

export const NO_FILTER: FilterCriteria = { statusGroup: null, area: null, district: null, query: '' };

export function matchesStatusGroup(m: Machine, group: StatusGroup | null): boolean {
  if (group === null) return true;
  if (group === 'maintenance') return showsAsMaintenance(m);
  return !showsAsMaintenance(m) && m.status !== null && STATUSES_OF_GROUP[group].includes(m.status);
}

// Printable ASCII and CJK ideographs are already in NFKC form; skipping ICU for them halves the index build.
const NFKC_STABLE = /^[\n -~\u3400-\u4dbf\u4e00-\u9fff]*$/;

/** Case-insensitive, width-insensitive form used on both sides of a text search. */
export function normaliseSearchText(text: string): string {
  return (NFKC_STABLE.test(text) ? text : text.normalize('NFKC')).toLowerCase().trim();
}

/** One searchable string per machine in the current language: name and address. */
export function buildSearchIndex(machines: readonly Machine[], locale: Locale): string[] {
  return machines.map((m) =>
    normaliseSearchText(`${machineText(m, 'name', locale)}\n${machineText(m, 'address', locale)}`),
  );
}

export function filterMachines(
  machines: readonly Machine[],
  searchIndex: readonly string[],
  c: FilterCriteria,
): Machine[] {
  const out: Machine[] = [];
  for (let i = 0; i < machines.length; i++) {
    const m = machines[i]!;
    if (c.area !== null && m.area !== c.area) continue;
    if (c.district !== null && m.district !== c.district) continue;
    if (!matchesStatusGroup(m, c.statusGroup)) continue;
    if (c.query && !searchIndex[i]?.includes(c.query)) continue;
    out.push(m);
  }
  return out;
}
