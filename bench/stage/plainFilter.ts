import type { CodeCriteria } from '../../src/filters/filterResult';
import { buildSearchIndex, normaliseSearchText } from '../../src/machines/searchIndex';
import type { Machine } from '../../shared/machine';
import { filterMachines, NO_FILTER, type FilterCriteria } from '../../testkit/reference/referenceFilter';

/**
 * The alternatives' filter: what a straightforward page does, the spec's predicates over the machine
 * objects, strings scanned on every search. It keeps the criteria like the product's atoms do.
 */
export function createPlainFilter(machines: Machine[]) {
  const indexOf = new Map(machines.map((m, i) => [m, i]));
  let searchIndex: string[] | null = null;
  let criteria: FilterCriteria = NO_FILTER;
  const apply = (): Uint8Array => {
    if (criteria.query) searchIndex ??= buildSearchIndex(machines, 'en');
    const shown = new Uint8Array(machines.length);
    for (const m of filterMachines(machines, searchIndex ?? [], criteria)) shown[indexOf.get(m)!] = 1;
    return shown;
  };
  return {
    setCodes: (codes: CodeCriteria) => {
      criteria = { ...criteria, ...codes };
      return apply();
    },
    setQuery: (text: string) => {
      criteria = { ...criteria, query: normaliseSearchText(text) };
      return apply();
    },
    /** One machine replaced, as a live event replaces it: what is shown now. */
    replace: (row: number, machine: Machine) => {
      indexOf.delete(machines[row]!);
      machines[row] = machine;
      indexOf.set(machine, row);
      return apply();
    },
  };
}

export function countShown(shown: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < shown.length; i++) count += shown[i]!;
  return count;
}
