import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zht from './locales/zht.json';
import zhs from './locales/zhs.json';
import { translate, translateDynamic, hasTranslation, isLocale } from './translate';
import { HTML_LANG, PLURAL_CATEGORIES } from './plural';
import type { Locale } from '../../shared/machine';
import { DISTRICTS, AREAS, STATUSES } from '../../shared/machine';

const FILES: Record<Locale, unknown> = { en, zht, zhs };

/** A plural translation: an object of CLDR categories (`one`, `other`, …) whose values are texts. */
function isPlural(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'other' in value &&
    Object.keys(value).every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k))
  );
}

/** Every key as a dotted path; a plural translation is one key, like a string. */
function entriesOf(value: unknown, prefix = ''): [string, string | Record<string, string>][] {
  if (typeof value === 'string' || isPlural(value)) return [[prefix, value]];
  return Object.entries(value as object).flatMap(([k, v]) => entriesOf(v, prefix ? `${prefix}.${k}` : k));
}
const keysOf = (value: unknown) => entriesOf(value).map(([key]) => key);

/**
 * Placeholders that carry words, never a number (a name, a time of day, a weekday, "5 minutes ago" already
 * worded by Intl, a status caption). Any other placeholder is a number, and a text with a number must be a plural translation
 * chosen by its `{{count}}`.
 */
const WORD_PLACEHOLDERS = new Set(['name', 'time', 'day', 'ago', 'status']);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

describe('locale files', () => {
  it.each([
    ['zht', zht],
    ['zhs', zhs],
  ])('%s has exactly the English keys', (_name, messages) => {
    expect(keysOf(messages).sort()).toEqual(keysOf(en).sort());
  });

  it('has a non-empty text for every key and plural form in every locale', () => {
    for (const messages of [en, zht, zhs]) {
      for (const [key, value] of entriesOf(messages)) {
        for (const text of typeof value === 'string' ? [value] : Object.values(value)) {
          expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
        }
      }
    }
  });

  it.each(Object.keys(FILES) as Locale[])(
    'in %s, every text with a number is a plural translation with exactly the forms of its language',
    (locale) => {
      const categories = new Intl.PluralRules(HTML_LANG[locale]).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const [key, value] of entriesOf(FILES[locale])) {
        if (typeof value === 'string') {
          const numbers = placeholders(value).filter((p) => !WORD_PLACEHOLDERS.has(p));
          if (numbers.length > 0) problems.push(`${key}: {{${numbers.join('}}, {{')}}} in a text without plural forms`);
          continue;
        }
        const forms = Object.keys(value).sort();
        if (JSON.stringify(forms) !== JSON.stringify([...categories].sort()))
          problems.push(`${key}: forms ${forms.join(', ')}, the language has ${categories.join(', ')}`);
        for (const [form, text] of Object.entries(value)) {
          const names = placeholders(text);
          if (!names.includes('count')) problems.push(`${key}.${form}: no {{count}}`);
          const others = names.filter((p) => p !== 'count' && !WORD_PLACEHOLDERS.has(p));
          if (others.length > 0) problems.push(`${key}.${form}: a second number {{${others.join('}}, {{')}}}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('chooses the plural form by the count, in English; Chinese has one form', () => {
    expect(translate('en', 'list.count', { count: 1 })).toBe('1 machine');
    expect(translate('en', 'list.count', { count: 2 })).toBe('2 machines');
    expect(translate('en', 'list.count', { count: 0 })).toBe('0 machines');
    expect(translate('zht', 'list.count', { count: 1 })).toBe('共 1 部入樽機');
    expect(translate('zhs', 'list.count', { count: 2 })).toBe('共 2 台入樽机');
    expect(translate('en', 'freshness.legend', { count: 1 })).toContain('for over 1 minute:');
    expect(translate('en', 'freshness.legend', { count: 30 })).toContain('for over 30 minutes:');
    expect(translate('zhs', 'freshness.legend', { count: 1 })).toContain('超过 1 分钟');
    // A count shown with decimals takes the form of what is shown: "1.0" is not "1".
    expect(translate('en', 'nearby.kilometres', { count: '1.0' })).toBe('1.0 km');
    expect(translate('en', 'nearby.walk', { count: 1 })).toBe('1 min walk');
    expect(translate('zht', 'nearby.walk', { count: 6 })).toBe('步行 6 分鐘');
  });

  it('names every district, area and status', () => {
    for (const d of DISTRICTS) expect(translateDynamic('zht', `district.${d}`)).toBeTruthy();
    for (const a of AREAS) expect(translateDynamic('zhs', `area.${a}`)).toBeTruthy();
    for (const s of [...STATUSES, 'null', 'Maintenance']) expect(translateDynamic('en', `capacity.${s}`)).toBeTruthy();
  });

  it('translates with parameters and falls back for unknown keys', () => {
    expect(translate('en', 'card.openPhoto', { name: 'IFC Mall' })).toBe('Show the photo of IFC Mall');
    expect(translate('zht', 'filter.reset')).toBe('重設');
    expect(translateDynamic('en', 'error.noSuchKey')).toBeUndefined();
    expect(hasTranslation('zhs', 'error.systemError')).toBe(true);
  });

  it('recognises only the three locales', () => {
    expect(['en', 'zht', 'zhs'].every(isLocale)).toBe(true);
    expect([undefined, null, 'fr', 'ZHT', '', 3, {}].some(isLocale)).toBe(false);
  });
});
