import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_KEYS } from './errors';

/** The page's locale files, read as files: the server imports nothing of the page. */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/i18n/locales');

describe('every msg key the server can send', () => {
  it.each(['en', 'zht', 'zhs'])('has a translation in %s', (locale) => {
    const messages = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as {
      error: Record<string, unknown>;
    };
    const missing = API_ERROR_KEYS.filter((key) => typeof messages.error[key] !== 'string' || !messages.error[key]);
    expect(missing).toEqual([]);
  });
});
