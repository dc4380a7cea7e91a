import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/machine';
import { HTML_LANG, PLURAL_CATEGORIES } from '../../i18n/plural';
import publicEn from '../../i18n/locales/en.json';
import { consoleText, type ConsoleCatalogue } from './consoleMessages';
import en from './locales/en.json';
import zhs from './locales/zhs.json';
import zht from './locales/zht.json';

const FILES: Record<Locale, ConsoleCatalogue> = { en, zht, zhs };

const isPlural = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  'other' in value &&
  Object.keys(value).every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k));

/** Every key as a dotted path; a plural translation is one key, like a string. */
function entriesOf(value: unknown, prefix = ''): [string, string | Record<string, string>][] {
  if (typeof value === 'string' || isPlural(value)) return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) => entriesOf(v, prefix ? `${prefix}.${k}` : k));
}
const keysOf = (value: unknown) => entriesOf(value).map(([key]) => key);
const textsOf = (value: string | Record<string, string>) =>
  typeof value === 'string' ? [value] : Object.values(value);
/** Placeholders that carry words (a name, a time, a file name, an id, a list of districts): never a number. */
const WORD_PLACEHOLDERS = new Set(['name', 'time', 'file', 'id', 'districts', 'reason', 'detail', 'from', 'to', 'url']);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

describe("the console's locale files", () => {
  it.each([
    ['zht', zht],
    ['zhs', zhs],
  ])('%s has exactly the English keys', (_name, messages) => {
    expect(keysOf(messages).sort()).toEqual(keysOf(en).sort());
  });

  it('has a text for every key and plural form, with the placeholders of the English text', () => {
    const english = new Map(entriesOf(en));
    for (const messages of Object.values(FILES)) {
      for (const [key, value] of entriesOf(messages)) {
        for (const text of textsOf(value)) expect(text.trim().length > 0, key).toBe(true);
        const wanted = new Set(textsOf(english.get(key)!).flatMap(placeholders));
        expect(new Set(textsOf(value).flatMap(placeholders)), key).toEqual(wanted);
      }
    }
  });

  it.each(Object.keys(FILES) as Locale[])(
    'in %s, a text with a number is a plural translation of its forms',
    (locale) => {
      const categories = new Intl.PluralRules(HTML_LANG[locale]).resolvedOptions().pluralCategories;
      for (const [key, value] of entriesOf(FILES[locale])) {
        if (typeof value === 'string') {
          expect(
            placeholders(value).filter((p) => !WORD_PLACEHOLDERS.has(p)),
            key,
          ).toEqual([]);
        } else {
          expect(Object.keys(value).sort(), key).toEqual([...categories].sort());
          for (const text of Object.values(value)) expect(placeholders(text), key).toContain('count');
        }
      }
    },
  );

  it('call the machines 入樽機 in Hong Kong Chinese and 入樽机 in Simplified Chinese, never 回收機', () => {
    const all = (messages: ConsoleCatalogue) =>
      entriesOf(messages)
        .flatMap(([, value]) => textsOf(value))
        .join('\n');
    expect(all(zht)).toContain('入樽機');
    expect(all(zhs)).toContain('入樽机');
    expect(`${all(zht)}\n${all(zhs)}`).not.toMatch(/回收[機机]/);
  });

  it("shares no key with the public page's catalogue", () => {
    const publicKeys = new Set(keysOf(publicEn));
    expect(keysOf(en).filter((key) => publicKeys.has(key))).toEqual([]);
  });

  it('falls back to English for a text missing in a language, and has none for a key it does not know', () => {
    const catalogues = { en, zht: { ...zht, console: { ...zht.console, title: undefined as unknown as string } } };
    expect(consoleText(catalogues, 'zht', 'console.title')).toBe(en.console.title);
    expect(consoleText(catalogues, 'zht', 'fleet.count', { count: 3 })).toBe('共 3 部入樽機');
    expect(consoleText({ en }, 'en', 'fleet.count', { count: 1 })).toBe('1 machine');
    expect(consoleText({ en }, 'en', 'error.noSuchKey')).toBeUndefined();
  });
});
