import { describe, expect, it } from 'vitest';
import { API_ERROR_KEYS } from '../../server/errors';
import { translateDynamic } from '../../src/i18n/translate';
import { LOCALES } from '../../shared/machine';

describe('every msg key the server can send', () => {
  it.each(LOCALES)('has a translation in %s', (locale) => {
    const missing = API_ERROR_KEYS.filter((key) => !translateDynamic(locale, `error.${key}`));
    expect(missing).toEqual([]);
  });
});
