import rosetta from 'rosetta';
import en from './locales/en.json';
import zht from './locales/zht.json';
import zhs from './locales/zhs.json';
import type { Locale } from '../../shared/machine';
import { LOCALES } from '../../shared/machine';

/** The interface language when none is asked for (spec §1). */
export const DEFAULT_LOCALE: Locale = 'en';

export type Messages = typeof en;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the English file, as a dotted path. */
export type TranslationKey = Leaves<Messages>;
export type TranslationParams = Record<string, string | number>;

// The other locales must have exactly the English shape (checked by tsc and by a unit test).
const catalogue: Record<Locale, Messages> = { en, zht, zhs };
const i18n = rosetta<Messages>(catalogue);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** True when `key` names a string in the catalogue (used for server `msg` keys, which are untyped). */
export function hasTranslation(locale: Locale, key: string): boolean {
  return i18n.t(key, {}, locale) !== '' || i18n.t(key, {}, 'en') !== '';
}

/** The text for `key` in `locale`, falling back to English; a missing key is loud in development. */
export function translate(locale: Locale, key: TranslationKey, params: TranslationParams = {}): string {
  const text = i18n.t(key, params, locale) || i18n.t(key, params, 'en');
  if (text) return text;
  if (import.meta.env.DEV) console.error(`[i18n] missing translation key "${key}"`);
  return key;
}

/** For keys built at run time (e.g. from a server `msg`): undefined when there is no translation. */
export function translateDynamic(locale: Locale, key: string): string | undefined {
  const text = i18n.t(key, {}, locale) || i18n.t(key, {}, 'en');
  return text || undefined;
}

export const HTML_LANG: Record<Locale, string> = { en: 'en', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };
