import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../shared/contract/problems';
import { CONSOLE_ERROR_KEYS } from '../errors';
import { PASSWORD_PROBLEM_CODES } from './password';

/** The console's own locale files, loaded with its lazy chunks; read as files: the server imports nothing of the page. */
const CONSOLE_LOCALES_DIR = path.resolve(import.meta.dirname, '../../src/operator/i18n/locales');

describe('every key only the console meets', () => {
  it.each(['en', 'zht', 'zhs'])(
    'has a translation in the console in %s: each msg, problem code and password problem',
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
