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
