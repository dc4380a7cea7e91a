import type en from './locales/en.json';
import type { Locale } from '../../../shared/machine';
import type { Catalogue, Leaves, TranslationParams } from '../../i18n/translate';
import { pluralCategory } from '../../i18n/plural';

/** The console's English file: every other language has its keys (checked by tsc and locales.test.ts). */
export type ConsoleMessages = typeof en;
export type ConsoleCatalogue = Catalogue<ConsoleMessages>;
export type ConsoleKey = Leaves<ConsoleMessages>;

/** The catalogues loaded so far; English is always loaded before the console shows a word. */
export type ConsoleCatalogues = Partial<Record<Locale, ConsoleCatalogue>>;

function valueAt(catalogue: ConsoleCatalogue | undefined, key: string): unknown {
  let value: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const fill = (text: string, params: TranslationParams) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The text of `key` in one catalogue, a plural translation taking its language's form for `params.count`. */
function textIn(catalogue: ConsoleCatalogue | undefined, locale: Locale, key: string, params: TranslationParams) {
  const value = valueAt(catalogue, key);
  if (typeof value === 'string') return fill(value, params);
  if (typeof value !== 'object' || value === null) return undefined;
  const forms = value as Record<string, unknown>;
  const form = forms[pluralCategory(locale, params.count ?? NaN)] ?? forms.other;
  return typeof form === 'string' ? fill(form, params) : undefined;
}

/** A console text in `locale`, falling back to English; undefined when neither has the key (a server's own key). */
export function consoleText(
  catalogues: ConsoleCatalogues,
  locale: Locale,
  key: string,
  params: TranslationParams = {},
): string | undefined {
  return textIn(catalogues[locale], locale, key, params) ?? textIn(catalogues.en, 'en', key, params);
}
