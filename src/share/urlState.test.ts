import { describe, expect, it } from 'vitest';
import { decodeUrlState, EMPTY_URL_STATE, encodeUrlState, type UrlState } from './urlState';

const FULL: UrlState = {
  machine: 'RVM-027',
  status: 'available',
  area: 'HONG_KONG',
  district: 'SOUTHERN',
  q: 'beach & park',
  openNow: true,
  sort: 'distance',
};

describe('decodeUrlState', () => {
  it('reads every parameter', () => {
    expect(
      decodeUrlState(
        '?machine=RVM-027&status=available&area=HONG_KONG&district=SOUTHERN&q=beach+%26+park&openNow=1&sort=distance',
      ),
    ).toEqual(FULL);
  });

  it('is empty for no parameters', () => {
    expect(decodeUrlState('')).toEqual(EMPTY_URL_STATE);
  });

  it.each([
    ['status=almostFull', {}],
    ['area=MACAU', {}],
    ['district=NOWHERE', {}],
    ['openNow=yes', {}],
    ['sort=price', {}],
    ['machine=', {}],
    [`machine=${'x'.repeat(101)}`, {}],
    ['area=KOWLOON&district=SOUTHERN', { area: 'KOWLOON' }],
    ['district=SHA%20TIN', { area: 'NEW_TERRITORIES', district: 'SHA TIN' }],
    ['status=full&area=nowhere', { status: 'full' }],
  ])('ignores what is unknown or inconsistent: %s', (search, expected) => {
    expect(decodeUrlState(`?${search}`)).toEqual({ ...EMPTY_URL_STATE, ...expected });
  });

  it('caps the search text', () => {
    expect(decodeUrlState(`?q=${'a'.repeat(500)}`).q).toHaveLength(200);
  });
});

describe('encodeUrlState', () => {
  it('round-trips', () => {
    expect(decodeUrlState(encodeUrlState('', FULL))).toEqual(FULL);
  });

  it('leaves defaults out', () => {
    expect(encodeUrlState('', EMPTY_URL_STATE)).toBe('');
    expect(encodeUrlState('?status=full&q=x', EMPTY_URL_STATE)).toBe('');
  });

  it('keeps every parameter it does not own, in place', () => {
    const search = encodeUrlState('?locale=zht&q=old&fontSize=lg&kiosk=1&utm_source=mail', {
      ...EMPTY_URL_STATE,
      q: 'new',
    });
    expect(search).toBe('?locale=zht&fontSize=lg&kiosk=1&utm_source=mail&q=new');
  });
});
