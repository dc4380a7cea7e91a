// One page, the list's only: the map is left out, as the test never looks at it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { builtServerFile } from '../../scripts/build/serverBuild';
import { setupBrowserApp } from './fixture';
import { ROOT } from '../../testkit/browser/harness';
import { fetchMachines, find, waitFor, waitForListLength } from './screen-helpers';

const app = setupBrowserApp();

const LIST = 'Location List';
const NEW_NAME = 'Harbour Test Station';

/** `npm run import` as an operator runs it: another process, on the server's database file. */
function runImportCommand(file: string) {
  return spawnSync(process.execPath, [builtServerFile('import'), file], {
    cwd: ROOT,
    env: { ...process.env, RVM_DB: app.server.dbPath, RVM_FILES: join(app.server.dataDir, 'files') },
    encoding: 'utf8',
  });
}

describe('an import by the import command', () => {
  it('reaches an open page: the list shows the new machine without the visitor reloading', async () => {
    const machines = await fetchMachines(app.server.url);
    const { page, apiCalls, errors } = await app.openPage('/', { map: false });
    // Every machine listed: the page has its first list before the import.
    await waitForListLength(page, LIST, machines.length);
    const list = await find(page, 'list', LIST);
    await waitFor(async () => apiCalls.some((c) => c.path === '/api/events'), Boolean, 'the event stream to open');
    expect(await list.$(`::-p-text(${NEW_NAME})`)).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'rvm-import-'));
    try {
      const { photo: _photo, ...template } = machines[0] as (typeof machines)[number] & { photo?: unknown };
      const added = {
        ...template,
        id: 'RVM-IMPORT-1',
        name_en: NEW_NAME,
        name_zht: '海港測試站',
        name_zhs: '海港测试站',
      };
      const file = join(dir, 'machines.json');
      writeFileSync(file, JSON.stringify([added]));
      const result = runImportCommand(file);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    await waitFor(
      async () => apiCalls.filter((c) => c.path === '/api/rvm/').length,
      (n) => n === 2,
      'the list to be loaded again',
      15_000,
    );
    // The list shows a window of its rows: narrow it to the new machine by its name.
    await (await find(page, 'searchbox', en.filter.searchLabel)).type('Harbour Test', { delay: 50 });
    await list.waitForSelector(`::-p-text(${NEW_NAME})`, { timeout: 15_000 });
    // One load at the start and one after the import event; the page itself was not reloaded.
    expect(apiCalls.filter((c) => c.path === '/api/rvm/')).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
