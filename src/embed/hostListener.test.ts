import fc from 'fast-check';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptHostEvent, type HostContext } from './hostListener';
import { parseHostMessage } from './hostMessage';
import { startHostListener } from './startHostListener';
import { localeAtom } from '../i18n/localeAtom';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { hostMessageData } from '../../tests/support/embedArbitraries';

const MAP = 'https://map.example.gov.hk';
const HOST = 'https://www.example.org';
const parent = { name: 'the parent window' };
const context = (allowlist: string[]): HostContext => ({ parent, allowlist, selfOrigin: MAP });
const event = (data: unknown, origin = HOST, source: unknown = parent) =>
  ({ data, origin, source }) as unknown as MessageEvent;

describe('acceptHostEvent', () => {
  it.each([
    ['the parent at an allowed origin', event({ locale: 'zht' }), [HOST], { locale: 'zht' }],
    [
      'any parent when no allowlist is set',
      event({ fontSize: 'lg' }, 'https://anyone.example'),
      [],
      { fontSize: 'lg' },
    ],
    ['a parent on the map’s own origin', event({ locale: 'zhs' }, MAP), [HOST], { locale: 'zhs' }],
    [
      'a subdomain of a wildcard entry',
      event({ locale: 'en' }, 'https://a.b.example.net'),
      ['https://*.example.net'],
      { locale: 'en' },
    ],
    ['another origin', event({ locale: 'zht' }, 'https://evil.example'), [HOST], null],
    ['the same host on another scheme', event({ locale: 'zht' }, 'http://www.example.org'), [HOST], null],
    ['the same host on another port', event({ locale: 'zht' }, 'https://www.example.org:8443'), [HOST], null],
    ['a lookalike suffix', event({ locale: 'zht' }, 'https://www.example.org.evil.example'), [HOST], null],
    ['an opaque origin', event({ locale: 'zht' }, 'null'), [HOST], null],
    ['a window that is not the parent', event({ locale: 'zht' }, HOST, { name: 'a popup' }), [HOST], null],
    ['no source (a MessagePort, a worker)', event({ locale: 'zht' }, HOST, null), [], null],
    ['junk from the parent', event('zht'), [HOST], null],
  ])('%s', (_name, e, allowlist, expected) => {
    expect(acceptHostEvent(e, context(allowlist))).toEqual(expected);
  });

  it('accepts nothing when the page is not framed', () => {
    expect(
      acceptHostEvent(event({ locale: 'zht' }, HOST, null), { parent: null, allowlist: [], selfOrigin: MAP }),
    ).toBeNull();
  });
});

/** A window-like event target whose parent is `parent`, so messages go through the real listener. */
function fakeWindow() {
  return Object.assign(new EventTarget(), { parent, location: { origin: MAP } }) as unknown as Window;
}
const post = (win: Window, data: unknown, origin = HOST, source: unknown = parent) =>
  win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));

describe('startHostListener', () => {
  beforeEach(() => {
    window.__RVM_CONFIG__ = { embedOrigins: [HOST], kioskRefreshMs: 60_000, kioskIdleMs: 120_000 };
  });
  afterEach(() => {
    delete window.__RVM_CONFIG__;
  });

  it('changes the language and text size live for the allowed parent, and stops when asked', () => {
    const store = createStore();
    const win = fakeWindow();
    const stop = startHostListener(store, win);
    post(win, { locale: 'zht' });
    post(win, { fontSize: 'md' });
    expect([store.get(localeAtom), store.get(fontSizeAtom)]).toEqual(['zht', 'md']);
    post(win, { locale: 'zhs', fontSize: 'lg' });
    expect([store.get(localeAtom), store.get(fontSizeAtom)]).toEqual(['zhs', 'lg']);
    post(win, { locale: 'en' }, 'https://evil.example');
    expect(store.get(localeAtom)).toBe('zhs');
    stop();
    post(win, { locale: 'en' });
    expect(store.get(localeAtom)).toBe('zhs');
  });

  it('under fuzzing: a turned-away message changes nothing; an accepted one changes exactly what it carries', () => {
    fc.assert(
      fc.property(hostMessageData, fc.constantFrom(HOST, 'https://evil.example'), (data, origin) => {
        const store = createStore();
        store.set(localeAtom, 'zhs');
        store.set(fontSizeAtom, 'md');
        const win = fakeWindow();
        const stop = startHostListener(store, win);
        post(win, data, origin);
        stop();
        const accepted = origin === HOST ? parseHostMessage(data) : null;
        expect(store.get(localeAtom)).toBe(accepted?.locale ?? 'zhs');
        expect(store.get(fontSizeAtom)).toBe(accepted?.fontSize ?? 'md');
      }),
      { numRuns: 1000 },
    );
  });
});
