import { describe, expect, it } from 'vitest';
import { readUrlSettings } from './urlSettings';

describe('query parameters read on load', () => {
  it.each([
    ['', 'en', 'sm'],
    ['?locale=zht', 'zht', 'sm'],
    ['?locale=zhs&fontSize=lg', 'zhs', 'lg'],
    ['?fontSize=md', 'en', 'md'],
    ['?locale=fr&fontSize=xl', 'en', 'sm'],
    ['?locale=ZHT&fontSize=LG', 'en', 'sm'],
    ['?locale=&fontSize=', 'en', 'sm'],
  ])('%s → %s, %s', (search, locale, fontSize) => {
    expect(readUrlSettings(search)).toEqual({ locale, fontSize });
  });
});
