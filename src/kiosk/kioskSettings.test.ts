import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { isKioskAtom, kioskAtom } from './kioskAtom';
import { kioskFontSize, readKioskSettings } from './kioskSettings';
import { startKiosk } from './startKiosk';

const CONFIG = {
  embedOrigins: [],
  kioskRefreshMs: 5000,
  kioskIdleMs: 30_000,
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
    ['?kiosk=1', { refreshMs: 5000, idleMs: 30_000 }],
    ['?kiosk=true', { refreshMs: 5000, idleMs: 30_000 }],
    ['?locale=zht&kiosk=TRUE', { refreshMs: 5000, idleMs: 30_000 }],
  ])('%j → %j', (search, expected) => {
    expect(readKioskSettings(search, CONFIG)).toEqual(expected);
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
  it('turns kiosk mode on with large text', () => {
    const store = createStore();
    startKiosk(store, '?kiosk=1', CONFIG);
    expect(store.get(kioskAtom)).toEqual({ refreshMs: 5000, idleMs: 30_000 });
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
    startKiosk(store, '?fontSize=sm', CONFIG);
    expect(store.get(isKioskAtom)).toBe(false);
    expect(store.get(fontSizeAtom)).toBe('sm');
  });
});
