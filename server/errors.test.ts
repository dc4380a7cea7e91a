import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../shared/contract/problems';
import { PASSWORD_PROBLEM_CODES } from './accounts/password';
import { API_ERROR_KEYS, CONSOLE_ERROR_KEYS } from './errors';

/** The page's locale files, read as files: the server imports nothing of the page. */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/i18n/locales');
/** The console's own, loaded with its lazy chunks. */
const CONSOLE_LOCALES_DIR = path.resolve(import.meta.dirname, '../src/operator/i18n/locales');

describe('every msg key the server can send', () => {
  it.each(['en', 'zht', 'zhs'])('has a translation in %s', (locale) => {
    const messages = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${locale}.json`), 'utf8')) as {
      error: Record<string, unknown>;
    };
    const missing = API_ERROR_KEYS.filter((key) => typeof messages.error[key] !== 'string' || !messages.error[key]);
    expect(missing).toEqual([]);
  });
});

describe('every key only the console meets', () => {
  it.each(['en', 'zht', 'zhs'])(
    'has a translation in the console in %s: each msg, each problem code and each password problem',
    (locale) => {
      const messages = JSON.parse(readFileSync(path.join(CONSOLE_LOCALES_DIR, `${locale}.json`), 'utf8')) as {
        error: Record<string, unknown>;
        problem: Record<string, unknown>;
      };
      expect(CONSOLE_ERROR_KEYS.filter((key) => !messages.error[key])).toEqual([]);
      expect([...PROBLEM_CODES, ...PASSWORD_PROBLEM_CODES].filter((code) => !messages.problem[code])).toEqual([]);
    },
  );
});
