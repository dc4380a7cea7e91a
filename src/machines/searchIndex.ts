import type { Locale, Machine } from '../../shared/machine';
import { machineText } from './text';

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

/** One normalised string per machine of `machines` in `locale` (buildSearchIndex). */
export interface SearchIndex {
  readonly machines: readonly Machine[];
  readonly locale: Locale;
  readonly texts: readonly string[];
}

/** The part of a machine list the index follows. */
export interface IndexedList {
  readonly machines: readonly Machine[];
  /** Set when `machines` is the list before with only these rows replaced (a live change). */
  readonly edit: { readonly from: readonly Machine[]; readonly rows: readonly number[] } | null;
}

export function coversList(
  index: SearchIndex | null | undefined,
  machines: readonly Machine[],
  locale: Locale,
): boolean {
  return index?.machines === machines && index.locale === locale;
}

/**
 * The index of `list`, made from `from` when the list is `from`'s with rows replaced (a live status change):
 * only those rows' texts are built, and `from`'s texts are kept as they are when those did not change, so
 * the text matcher and its narrowing answers stay too. Undefined when it cannot be made that way.
 */
export function patchSearchIndex(
  from: SearchIndex | null | undefined,
  list: IndexedList,
  locale: Locale,
): SearchIndex | undefined {
  if (!from || from.locale !== locale || !list.edit || list.edit.from !== from.machines) return undefined;
  let texts = from.texts;
  for (const i of list.edit.rows) {
    const [text] = buildSearchIndex([list.machines[i]!], locale);
    if (text === texts[i]) continue;
    if (texts === from.texts) texts = from.texts.slice();
    (texts as string[])[i] = text!;
  }
  return { machines: list.machines, locale, texts };
}

/**
 * The index for `list` in `locale`: `previous` when it covers them, else an index built ahead while the page
 * was idle (`primed`) when it does, else `previous` patched for a live change, else built whole.
 */
export function nextSearchIndex(
  previous: SearchIndex | undefined,
  list: IndexedList,
  locale: Locale,
  primed: SearchIndex | null,
): SearchIndex {
  if (previous && coversList(previous, list.machines, locale)) return previous;
  if (primed && coversList(primed, list.machines, locale) && primed.texts.length === list.machines.length)
    return primed;
  return (
    patchSearchIndex(previous, list, locale) ?? {
      machines: list.machines,
      locale,
      texts: buildSearchIndex(list.machines, locale),
    }
  );
}
