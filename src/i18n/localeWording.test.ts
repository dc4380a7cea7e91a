import { describe, expect, it } from 'vitest';
import glossary from '../../docs/glossary.md?raw';
import indexHtml from '../../index.html?raw';
import { readAvoidRules, textsOf, wordingProblems, wrongScriptCharacters, type ChineseLocale } from './localeWording';

/**
 * Every locale folder of the page: the public page's, the console's lazy one (src/operator/i18n/locales/) and the
 * card's report form's (src/card/report/locales/). A new folder of en/zht/zhs files is checked without a line added.
 */
const FILES = import.meta.glob<unknown>('/src/**/locales/*.json', { eager: true, import: 'default' });
const FOLDERS = [...new Set(Object.keys(FILES).map((file) => file.replace(/[^/]+\.json$/, '')))];
const file = (folder: string, name: string) => FILES[`${folder}${name}.json`];

const RULES = readAvoidRules(glossary);
/** The machines' name (docs/glossary.md, "The machine"). */
const MACHINE: Record<ChineseLocale, string> = { zht: '入樽機', zhs: '入樽机' };
const NAMES_THE_MACHINES = /\bmachines?\b|\bRVMs?\b|reverse vending/i;
const CHINESE: ChineseLocale[] = ['zht', 'zhs'];

describe('the glossary', () => {
  it('rules out 回收機 in zht and 回收机 in zhs, and names the machines as the tests do', () => {
    expect(RULES).toContainEqual({ locale: 'zht', avoid: '回收機', use: MACHINE.zht, allowedWithin: [] });
    expect(RULES.find((rule) => rule.locale === 'zhs' && rule.avoid === '回收机')?.use).toBe(MACHINE.zhs);
    expect(RULES.filter((rule) => rule.locale === 'zhs').length).toBeGreaterThan(20);
    expect(glossary).toContain(`| reverse vending machine, RVM, machine | ${MACHINE.zht} | ${MACHINE.zhs} |`);
  });
});

describe.each(FOLDERS)('the locale files in %s', (folder) => {
  it('include en, zht and zhs', () => {
    expect([file(folder, 'en'), file(folder, 'zht'), file(folder, 'zhs')].every(Boolean)).toBe(true);
  });

  it.each(CHINESE)('%s uses the glossary words and its own script only', (locale) => {
    expect(wordingProblems(locale, file(folder, locale), RULES)).toEqual([]);
  });

  it.each(CHINESE)('%s calls the machines what the English calls them, 入樽機 / 入樽机', (locale) => {
    const chinese = new Map(textsOf(file(folder, locale)));
    const missing = textsOf(file(folder, 'en'))
      .filter(([key, text]) => NAMES_THE_MACHINES.test(text) && chinese.has(key))
      .filter(([key]) => !chinese.get(key)?.includes(MACHINE[locale]))
      .map(([key]) => `${key}: ${chinese.get(key)}`);
    expect(missing).toEqual([]);
  });
});

it('finds the public page locale files', () => {
  expect(FOLDERS).toContain('/src/i18n/locales/');
});

it('holds index.html, shown before the page runs, to the same words', () => {
  const LANGS: Record<string, ChineseLocale> = { 'zh-Hant-HK': 'zht', 'zh-Hans': 'zhs' };
  const texts = [...indexHtml.matchAll(/lang="(zh-Hant-HK|zh-Hans)">([^<]+)</g)].map(([, lang = '', text = '']) => ({
    locale: LANGS[lang]!,
    text,
  }));
  expect(texts.map(({ locale }) => locale)).toEqual(['zht', 'zhs']);
  for (const { locale, text } of texts) expect(wordingProblems(locale, { text }, RULES)).toEqual([]);
});

describe('the checker, on planted strings', () => {
  it('finds a Traditional character in zhs and a Simplified one in zht', () => {
    expect(wrongScriptCharacters('zhs', '只能上傳图片文件')).toEqual(['傳']);
    expect(wrongScriptCharacters('zht', '只可上载圖片檔案')).toEqual(['载']);
    expect(wrongScriptCharacters('zht', '重设')).toEqual(['设']);
    expect(wrongScriptCharacters('zht', '干淨的後台')).toEqual(['干']);
    expect(wrongScriptCharacters('zht', '皇后大道的后台')).toEqual(['后']);
  });

  it('reads characters in context and accepts both of Hong Kong glyph forms', () => {
    for (const text of [
      '步行 6 公里',
      '乾淨',
      '皇后大道',
      '溫馨提示',
      '温馨提示',
      '用戶名稱',
      '用户名稱',
      '共 3 部入樽機',
    ]) {
      expect(wrongScriptCharacters('zht', text), text).toEqual([]);
    }
    for (const text of ['步行 6 公里', '皇后大道', '只能上传图片文件', '共 3 台入樽机']) {
      expect(wrongScriptCharacters('zhs', text), text).toEqual([]);
    }
  });

  it('exempts place names', () => {
    expect(wrongScriptCharacters('zht', '鰂魚涌', [])).toEqual(['涌']);
    expect(wrongScriptCharacters('zht', '鰂魚涌')).toEqual([]);
    expect(wrongScriptCharacters('zht', '深水埗區')).toEqual([]);
  });

  it('reports a planted word and a planted character by key, and allows the title gloss', () => {
    const zht = { list: { count: { other: '共 {{count}} 部回收機' } }, card: { noPhoto: '此入樽机没有相片' } };
    expect(wordingProblems('zht', zht, RULES)).toEqual([
      { key: 'list.count.other', problem: '"回收機" in "共 {{count}} 部回收機": use 入樽機' },
      { key: 'card.noPhoto', problem: 'Simplified 机没 in "此入樽机没有相片"' },
    ]);
    const zhs = { app: { title: '入樽机（饮料瓶回收机）位置查询' }, map: { region: '回收机地图' } };
    expect(wordingProblems('zhs', zhs, RULES)).toEqual([
      { key: 'map.region', problem: '"回收机" in "回收机地图": use 入樽机' },
    ]);
  });
});
