import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import zht from '../../src/i18n/locales/zht.json';
import zhs from '../../src/i18n/locales/zhs.json';
import { translate, translateDynamic, hasTranslation, isLocale } from '../../src/i18n/translate';
import { DISTRICTS, AREAS, STATUSES } from '../../shared/machine';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale files', () => {
  it.each([
    ['zht', zht],
    ['zhs', zhs],
  ])('%s has exactly the English keys', (_name, messages) => {
    expect(keysOf(messages).sort()).toEqual(keysOf(en).sort());
  });

  it('has a non-empty text for every key in every locale', () => {
    for (const messages of [en, zht, zhs]) {
      for (const key of keysOf(messages)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('names every district, area and status', () => {
    for (const d of DISTRICTS) expect(translateDynamic('zht', `district.${d}`)).toBeTruthy();
    for (const a of AREAS) expect(translateDynamic('zhs', `area.${a}`)).toBeTruthy();
    for (const s of [...STATUSES, 'null', 'Maintenance']) expect(translateDynamic('en', `capacity.${s}`)).toBeTruthy();
  });

  it('translates with parameters and falls back for unknown keys', () => {
    expect(translate('en', 'list.count', { count: 3 })).toBe('3 machines');
    expect(translate('zht', 'filter.reset')).toBe('重設');
    expect(translateDynamic('en', 'error.noSuchKey')).toBeUndefined();
    expect(hasTranslation('zhs', 'error.systemError')).toBe(true);
  });

  it('recognises only the three locales', () => {
    expect(['en', 'zht', 'zhs'].every(isLocale)).toBe(true);
    expect([undefined, null, 'fr', 'ZHT', '', 3, {}].some(isLocale)).toBe(false);
  });
});
