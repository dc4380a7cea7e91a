import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { isKioskAtom, kioskAtom } from './kioskAtom';
import { kioskFontSize, readKioskSettings } from './kioskSettings';
import { startKiosk } from './startKiosk';

const CONFIG = {
  embedOrigins: [],
  kioskRefreshMs: 5000,
  kioskIdleMs: 30_000,
  kioskHere: null,
  basemapStyleUrl: null,
  staleAfterMs: 1_800_000,
  feedIntervalMs: null,
};

describe('readKioskSettings', () => {
  it.each([
    ['', null],
    ['?kiosk=0', null],
    ['?kiosk=', null],
    ['?kiosk=yes', null],
    ['?kiosk=1', { refreshMs: 5000, idleMs: 30_000, here: null }],
    ['?kiosk=true', { refreshMs: 5000, idleMs: 30_000, here: null }],
    ['?locale=zht&kiosk=TRUE', { refreshMs: 5000, idleMs: 30_000, here: null }],
    ['?kiosk=1&here=22.2819,114.1581', { refreshMs: 5000, idleMs: 30_000, here: [22.2819, 114.1581] }],
    ['?here=22.2819,114.1581', null],
  ])('%j → %j', (search, expected) => {
    expect(readKioskSettings(search, CONFIG)).toEqual(expected);
  });

  it('places a kiosk by its query first, else as the deployment places every kiosk (RVM_KIOSK_HERE)', () => {
    const deployment = { ...CONFIG, kioskHere: [22.3, 114.17] as [number, number] };
    expect(readKioskSettings('?kiosk=1', deployment)?.here).toEqual([22.3, 114.17]);
    expect(readKioskSettings('?kiosk=1&here=22.2819%2C114.1581', deployment)?.here).toEqual([22.2819, 114.1581]);
  });

  it('keeps the deployment’s place, and says why in the console, when the query’s is not one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deployment = { ...CONFIG, kioskHere: [22.3, 114.17] as [number, number] };
    expect(readKioskSettings('?kiosk=1&here=114.1581,22.2819', deployment)?.here).toEqual([22.3, 114.17]);
    expect(readKioskSettings('?kiosk=1&here=somewhere', CONFIG)?.here).toBeNull();
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      '[rvm] ?here= has the longitude first: latitude comes first, e.g. 22.2819,114.1581, got "114.1581,22.2819"',
      '[rvm] ?here= must be latitude,longitude in decimal degrees, e.g. 22.2819,114.1581, got "somewhere"',
    ]);
    warn.mockRestore();
  });
});

describe('kioskFontSize', () => {
  it.each([
    ['?kiosk=1', 'lg'],
    ['?kiosk=1&fontSize=sm', 'sm'],
    ['?kiosk=1&fontSize=md', 'md'],
    ['?kiosk=1&fontSize=huge', 'lg'],
  ])('%j → %s', (search, expected) => {
    expect(kioskFontSize(search)).toBe(expected);
  });
});

describe('startKiosk', () => {
  it('turns kiosk mode on with large text, and marks the root element for the kiosk’s touch targets', () => {
    const store = createStore();
    const root = document.createElement('html');
    startKiosk(store, '?kiosk=1', CONFIG, root);
    expect(root.dataset.kiosk).toBe('true');
    expect(store.get(kioskAtom)).toEqual({ refreshMs: 5000, idleMs: 30_000, here: null });
    expect(store.get(isKioskAtom)).toBe(true);
    expect(store.get(fontSizeAtom)).toBe('lg');
  });

  it('keeps a text size the query gave', () => {
    const store = createStore();
    store.set(fontSizeAtom, 'md');
    startKiosk(store, '?kiosk=1&fontSize=md', CONFIG);
    expect(store.get(fontSizeAtom)).toBe('md');
  });

  it('leaves an ordinary page alone', () => {
    const store = createStore();
    const root = document.createElement('html');
    startKiosk(store, '?fontSize=sm', CONFIG, root);
    expect(root.dataset.kiosk).toBeUndefined();
    expect(store.get(isKioskAtom)).toBe(false);
    expect(store.get(fontSizeAtom)).toBe('sm');
  });
});
