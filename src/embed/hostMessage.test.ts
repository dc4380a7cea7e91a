import fc from 'fast-check';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { parseHostMessage } from './hostMessage';
import { hostMessageData } from '../../tests/support/embedArbitraries';
import { applyHostSettings } from './startHostListener';
import { localeAtom } from '../i18n/localeAtom';
import { fontSizeAtom } from '../settings/fontSizeAtom';

const withProto = (proto: object | null, props: object) => Object.assign(Object.create(proto) as object, props);

describe('parseHostMessage accepts', () => {
  it.each([
    [{ locale: 'zht' }, { locale: 'zht' }],
    [{ locale: 'zhs' }, { locale: 'zhs' }],
    [{ locale: 'en' }, { locale: 'en' }],
    [{ fontSize: 'sm' }, { fontSize: 'sm' }],
    [{ fontSize: 'md' }, { fontSize: 'md' }],
    [{ fontSize: 'lg' }, { fontSize: 'lg' }],
    [
      { locale: 'zhs', fontSize: 'lg' },
      { locale: 'zhs', fontSize: 'lg' },
    ],
    [
      { fontSize: 'md', locale: 'en' },
      { locale: 'en', fontSize: 'md' },
    ],
    [withProto(null, { locale: 'zht' }), { locale: 'zht' }],
  ])('%j → %j', (data, expected) => {
    expect(parseHostMessage(data)).toEqual(expected);
  });
});

describe('parseHostMessage ignores', () => {
  const huge = { locale: 'zht', padding: 'x'.repeat(1_000_000) };
  const manyKeys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
  const throwing = Object.defineProperty({}, 'locale', {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });
  const revoked = Proxy.revocable({ locale: 'zht' }, {});
  revoked.revoke();

  it.each([
    ['a string', '{"locale":"zht"}'],
    ['the bare value', 'zht'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a boolean', true],
    ['an array', ['zht']],
    ['an array with the keys', Object.assign(['x'], { locale: 'zht' })],
    ['an empty object', {}],
    ['an unknown locale', { locale: 'fr' }],
    ['a locale in the wrong case', { locale: 'ZHT' }],
    ['a locale that is not a string', { locale: ['zht'] }],
    ['a null locale', { locale: null }],
    ['an undefined locale', { locale: undefined }],
    ['an unknown font size', { fontSize: 'xl' }],
    ['a font size in pixels', { fontSize: 20 }],
    ['one good and one bad value', { locale: 'zht', fontSize: 'huge' }],
    ['an extra key', { locale: 'zht', type: 'rvm:settings' }],
    ['an inherited key', withProto({ locale: 'zht' }, {})],
    ['a class instance', withProto(new (class Settings {})(), { locale: 'zht' })],
    ['a Map', new Map([['locale', 'zht']])],
    ['a Date', new Date()],
    ['a symbol key', { [Symbol('locale')]: 'zht' }],
    ['a huge payload', huge],
    ['a huge number of keys', manyKeys],
    ['a throwing getter', throwing],
    ['a revoked proxy', revoked.proxy],
    ['a prototype-pollution attempt', JSON.parse('{"__proto__": {"locale": "zht"}}') as unknown],
  ])('%s', (_name, data) => {
    expect(parseHostMessage(data)).toBeNull();
  });
});

describe('parseHostMessage under fuzzing', () => {
  it('never throws, and whatever it returns is a valid setting', () => {
    fc.assert(
      fc.property(hostMessageData, (data) => {
        const result = parseHostMessage(data);
        if (result === null) return;
        expect(Object.keys(result).every((k) => k === 'locale' || k === 'fontSize')).toBe(true);
        if (result.locale !== undefined) expect(['en', 'zht', 'zhs']).toContain(result.locale);
        if (result.fontSize !== undefined) expect(['sm', 'md', 'lg']).toContain(result.fontSize);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('applyHostSettings', () => {
  it('changes only what the message carries', () => {
    const store = createStore();
    applyHostSettings(store, { fontSize: 'lg' });
    expect([store.get(localeAtom), store.get(fontSizeAtom)]).toEqual(['en', 'lg']);
    applyHostSettings(store, { locale: 'zht' });
    expect([store.get(localeAtom), store.get(fontSizeAtom)]).toEqual(['zht', 'lg']);
    applyHostSettings(store, { locale: 'zhs', fontSize: 'sm' });
    expect([store.get(localeAtom), store.get(fontSizeAtom)]).toEqual(['zhs', 'sm']);
  });
});
