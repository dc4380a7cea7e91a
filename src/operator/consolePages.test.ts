import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES } from './consolePages';
import { consolePath, matchConsolePath } from './consolePaths';
import en from './i18n/locales/en.json';

describe('the console page registry', () => {
  it.each(CONSOLE_PAGES.map((entry) => [entry.path || '(first page)', entry] as const))(
    'shows %s at its own address',
    (_, entry) => {
      const params = Object.fromEntries([...entry.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'X 1']));
      expect(matchConsolePath(consolePath(entry.path, params), CONSOLE_PAGES)).toEqual({ page: entry, params });
    },
  );

  it('keeps the addresses the console had before it', () => {
    expect(CONSOLE_PAGES.map((entry) => consolePath(entry.path, { id: 'RVM-001' }))).toEqual(
      expect.arrayContaining([
        '/operator',
        '/operator/machines/RVM-001',
        '/operator/audit',
        '/operator/feed',
        '/operator/alerts',
        '/operator/import',
        '/operator/people',
        '/operator/tokens',
        '/operator/sessions',
      ]),
    );
  });

  it('names each page in the navigation or under a page that is, for at least one role', () => {
    const paths = new Set(CONSOLE_PAGES.map((entry) => entry.path));
    expect(paths.size).toBe(CONSOLE_PAGES.length);
    for (const entry of CONSOLE_PAGES) {
      expect(entry.roles.length).toBeGreaterThan(0);
      if (typeof entry.nav === 'object') expect(paths.has(entry.nav.under)).toBe(true);
    }
  });

  it('shows the people and the API tokens to admins alone in the navigation', () => {
    const adminsOnly = CONSOLE_PAGES.filter((entry) => !entry.roles.includes('viewer')).map((entry) => entry.nav);
    expect(adminsOnly).toEqual(expect.arrayContaining(['people.nav', 'tokens.nav']));
    expect(en.people.nav).toBeTruthy();
  });
});
