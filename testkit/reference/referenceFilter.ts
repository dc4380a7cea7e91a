/**
 * The reference filter: the spec's filters (docs/spec.md#validation-rules) as plain comparisons over machine objects
 * and their search texts. Not part of the page: the page's packed filter (src/filters/filterResult.ts) must give the
 * same machines, which tests check and the benchmark measures it against.
 */
import type { Area, District, Machine } from '../../shared/machine';
import { showsAsMaintenance } from '../../src/machines/displayState';
import { STATUSES_OF_GROUP, type StatusGroup } from '../../src/machines/statusGroups';
import type { FilterResult } from '../../src/filters/filterResult';

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

/** The machines of a filter result, in its order. */
export function resultMachines(result: FilterResult): Machine[] {
  return Array.from(result.indices, (i) => result.machines[i]!);
}
