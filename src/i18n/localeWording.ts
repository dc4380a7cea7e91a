import * as OpenCC from 'opencc-js';

/** The two Chinese interface languages: zht is Hong Kong's Traditional Chinese, zhs the mainland's Simplified. */
export type ChineseLocale = 'zht' | 'zhs';

/** A word a locale's strings must not use (docs/glossary.md), unless it is part of one of the `allowedWithin` phrases. */
export interface AvoidRule {
  locale: ChineseLocale;
  avoid: string;
  use: string;
  allowedWithin: string[];
}

export interface WordingProblem {
  key: string;
  problem: string;
}

// Phrase-aware converters (OpenCC's dictionaries): 公里 stays 公里, 乾淨 stays 乾淨; a character alone is read in context.
const simplifiedToHk = OpenCC.Converter({ from: 'cn', to: 'hk' });
const traditionalToHk = OpenCC.Converter({ from: 't', to: 'hk' });
const hkToSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });

/**
 * Hong Kong place names with a character of their own that the converter takes for the other script (涌 "chung" is
 * not the Simplified form of 湧). Place names are exempt from the script check.
 */
export const HK_PLACE_NAMES: readonly string[] = ['鰂魚涌', '東涌', '葵涌', '涌尾', '鲗鱼涌', '东涌'];

/** Every text of a locale object with its dotted key; a plural's forms as `key.other`. */
export function textsOf(messages: unknown, prefix = ''): [string, string][] {
  if (typeof messages === 'string') return [[prefix, messages]];
  if (typeof messages !== 'object' || messages === null) return [];
  return Object.entries(messages).flatMap(([k, v]) => textsOf(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * The characters where `convert` and `reference` disagree on a text, position by position; if a conversion changes
 * the text's length, each character is converted alone instead.
 */
function disagreements(text: string, convert: (t: string) => string, reference: (t: string) => string): string[] {
  const chars = Array.from(text);
  const converted = Array.from(convert(text));
  const expected = Array.from(reference(text));
  if (converted.length !== chars.length || expected.length !== chars.length) {
    return chars.filter((c) => convert(c) !== reference(c));
  }
  return chars.filter((_, i) => converted[i] !== expected[i]);
}

/**
 * The characters of `text` written in the other script: for zht the Simplified-only ones, for zhs the
 * Traditional-only ones (decision 0037). A zht character is Simplified when reading the text as Simplified and
 * converting it to Hong Kong's characters gives something else than reading it as Traditional does: so 温 and 溫,
 * 户 and 戶 (both printed in Hong Kong) pass, while 里 in 裡面 or 干 in 干淨 do not.
 */
export function wrongScriptCharacters(
  locale: ChineseLocale,
  text: string,
  exempt: readonly string[] = HK_PLACE_NAMES,
): string[] {
  const checked = exempt.reduce((t, name) => t.replaceAll(name, ' '), text);
  const found =
    locale === 'zht'
      ? disagreements(checked, simplifiedToHk, traditionalToHk)
      : disagreements(checked, hkToSimplified, (t) => t);
  return [...new Set(found)];
}

/** The "Words a file must not use" table of docs/glossary.md. */
export function readAvoidRules(glossary: string): AvoidRule[] {
  const start = glossary.indexOf('## Words a file must not use');
  if (start < 0) return [];
  const section = glossary.slice(start).split('\n').slice(1);
  const end = section.findIndex((line) => line.startsWith('## '));
  return (end < 0 ? section : section.slice(0, end))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[1] === 'zht' || cells[1] === 'zhs')
    .map(([, locale, avoid = '', use = '', allowed = '']) => ({
      locale: locale as ChineseLocale,
      avoid,
      use,
      allowedWithin: allowed === '' ? [] : allowed.split('、').map((phrase) => phrase.trim()),
    }));
}

/**
 * What is wrong with the wording of one Chinese locale object: a word the glossary rules out, or a character of
 * the other script. Works on any locale file (the public page's, the console's).
 */
export function wordingProblems(
  locale: ChineseLocale,
  messages: unknown,
  rules: readonly AvoidRule[],
  exempt: readonly string[] = HK_PLACE_NAMES,
): WordingProblem[] {
  const own = rules.filter((rule) => rule.locale === locale);
  return textsOf(messages).flatMap(([key, text]) => {
    const problems: WordingProblem[] = [];
    for (const rule of own) {
      const rest = rule.allowedWithin.reduce((t, phrase) => t.replaceAll(phrase, ' '), text);
      if (rest.includes(rule.avoid)) problems.push({ key, problem: `"${rule.avoid}" in "${text}": use ${rule.use}` });
    }
    const wrong = wrongScriptCharacters(locale, text, exempt);
    if (wrong.length > 0) {
      const script = locale === 'zht' ? 'Simplified' : 'Traditional';
      problems.push({ key, problem: `${script} ${wrong.join('')} in "${text}"` });
    }
    return problems;
  });
}
