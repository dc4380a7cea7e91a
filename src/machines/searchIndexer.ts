import type { Locale, Machine } from '../../shared/machine';
import { replacedRows } from './listEdits';
import { buildSearchIndex } from './searchIndex';

interface Indexed {
  machines: readonly Machine[];
  locale: Locale;
  index: readonly string[];
}

/**
 * Builds the search index of each new list like buildSearchIndex, but from the index before when the
 * list was made by replacing rows (a live status change): only those rows' texts are built, and the
 * index before is kept as it is when they did not change, so the text matcher and its narrowing
 * answers stay too.
 */
export interface SearchIndexer {
  (machines: readonly Machine[], locale: Locale): readonly string[];
  /** Takes an index built ahead for this list and language; the next call for them returns it. */
  prime: (machines: readonly Machine[], locale: Locale, index: readonly string[]) => void;
  /** True when the next call for this list and language needs no whole index built (the same list, or rows replaced). */
  has: (machines: readonly Machine[], locale: Locale) => boolean;
}

export function createSearchIndexer(): SearchIndexer {
  let last: Indexed | null = null;
  const indexer = (machines: readonly Machine[], locale: Locale) => {
    const index = (last && fromLast(last, machines, locale)) ?? buildSearchIndex(machines, locale);
    last = { machines, locale, index };
    return index;
  };
  return Object.assign(indexer, {
    prime: (machines: readonly Machine[], locale: Locale, index: readonly string[]) => {
      if (index.length === machines.length && !(last?.machines === machines && last.locale === locale)) {
        last = { machines, locale, index };
      }
    },
    has: (machines: readonly Machine[], locale: Locale) =>
      last !== null &&
      last.locale === locale &&
      (last.machines === machines || replacedRows(machines, last.machines) !== undefined),
  });
}

function fromLast(last: Indexed, machines: readonly Machine[], locale: Locale): readonly string[] | undefined {
  if (last.locale !== locale) return undefined;
  if (machines === last.machines) return last.index;
  const rows = replacedRows(machines, last.machines);
  if (!rows) return undefined;
  let index = last.index;
  for (const i of rows) {
    const [text] = buildSearchIndex([machines[i]!], locale);
    if (text === index[i]) continue;
    if (index === last.index) index = last.index.slice();
    (index as string[])[i] = text!;
  }
  return index;
}
