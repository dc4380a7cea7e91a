import rosetta from 'rosetta';
import en from './locales/en.json';
import zht from './locales/zht.json';
import zhs from './locales/zhs.json';
import type { Locale } from '../../shared/machine';
import { LOCALES } from '../../shared/machine';
import { pluralCategory, type PluralForms } from './plural';

export { HTML_LANG } from './plural';

/** The interface language when none is asked for (docs/spec.md#embedding). */
export const DEFAULT_LOCALE: Locale = 'en';

export type Messages = typeof en;

/** A plural translation (`{ one, other }` in English, `{ other }` in Chinese) is one key, like a string. */
export type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends { other: string }
      ? `${Prefix}${K}`
      : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The English keys, where each plural translation has the forms its own language needs. */
export type Catalogue<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends { other: string } ? PluralForms : Catalogue<T[K]>;
};

/** What each locale file holds. */
export type LocaleMessages = Catalogue<Messages>;

/** Every key of the English file, as a dotted path. */
export type TranslationKey = Leaves<Messages>;
export type TranslationParams = Record<string, string | number>;

// The other locales must have the English shape (checked by tsc and by a unit test).
const catalogue: Record<Locale, LocaleMessages> = { en, zht, zhs };
const i18n = rosetta(catalogue);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The text for `key` in `locale`, or '' when there is none. A plural translation takes the form its language's
 * rules choose for `params.count`.
 */
function lookUp(locale: Locale, key: string, params: TranslationParams): string {
  const value: unknown = i18n.t(key, params, locale);
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const form = pluralCategory(locale, params.count ?? NaN);
  return i18n.t(`${key}.${form}`, params, locale) || i18n.t(`${key}.other`, params, locale);
}

/** True when `key` names a string in the catalogue (used for server `msg` keys, which are untyped). */
export function hasTranslation(locale: Locale, key: string): boolean {
  return lookUp(locale, key, {}) !== '' || lookUp('en', key, {}) !== '';
}

/** The text for `key` in `locale`, falling back to English; a missing key is loud in development. */
export function translate(locale: Locale, key: TranslationKey, params: TranslationParams = {}): string {
  const text = lookUp(locale, key, params) || lookUp('en', key, params);
  if (text) return text;
  if (import.meta.env.DEV) console.error(`[i18n] missing translation key "${key}"`);
  return key;
}

/** For keys built at run time (e.g. from a server `msg`): undefined when there is no translation. */
export function translateDynamic(locale: Locale, key: string): string | undefined {
  const text = lookUp(locale, key, {}) || lookUp('en', key, {});
  return text || undefined;
}
