import type { Locale } from '../../shared/machine';

/** CLDR's plural categories; a language uses some of them (English one and other, Chinese other only). */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** A plural translation: a text per category its language uses, `other` always among them. */
export type PluralForms = { other: string } & Partial<Record<PluralCategory, string>>;

/** Each interface language as a BCP 47 tag: <html lang>, and whose plural and date rules apply. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zht: 'zh-Hant-HK', zhs: 'zh-Hans' };

// One rule set per language and number of decimals shown, made once: "1 km" is 'one', "1.0 km" is 'other'.
const rules = new Map<string, Intl.PluralRules>();

/** The category a count takes in `locale`; a string count ("2.4") keeps the decimals it shows. */
export function pluralCategory(locale: Locale, count: number | string): PluralCategory {
  const text = String(count);
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const id = `${locale} ${decimals}`;
  let rule = rules.get(id);
  if (!rule) {
    rule = new Intl.PluralRules(HTML_LANG[locale], { minimumFractionDigits: decimals });
    rules.set(id, rule);
  }
  return rule.select(Number(count));
}
