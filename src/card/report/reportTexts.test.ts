import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zhs from './locales/zhs.json';
import zht from './locales/zht.json';
import { reportText } from './reportTexts';

describe('the report form texts', () => {
  it('have the same keys, none empty, in the three languages', () => {
    for (const texts of [zht, zhs]) expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const texts of [en, zht, zhs]) for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
  });

  it('answer each key in the language asked for', () => {
    expect(reportText('en', 'send')).toBe('Send report');
    expect(reportText('zht', 'send')).toBe('提交報告');
    expect(reportText('zhs', 'send')).toBe('提交报告');
  });
});
