// Issue 28: a server following another copy of itself as the operator's feed, on the real built page: the card's
// last full / last emptied from the history, "Data as of" from the last sync, and the notice when the feed is silent.
// Each block has its own servers and one page: the hosted page serves its three languages.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hongKongTime } from '../../src/freshness/formatFreshness';
import { seriousFindings } from '../../testkit/browser/axe';
import { popupOf } from './beyond-helpers';
import { setupBrowserApp } from './fixture';
import { openHosted } from './hostFrame';
import { machineText } from './machineText';
import { setupForScope } from './sharedPage';
import { ADMIN_TOKEN, startServer, waitForMapReady, type RunningServer } from '../../testkit/browser/harness';
import { LOCALES, MESSAGES, chooseFromList, fetchMachines, fill, textOf, waitFor, type Locale } from './screen-helpers';

const PARK = {
  ...machineText('Kowloon Park', '九龍公園'),
  id: 'F-PARK',
  coordinates: [22.3017, 114.17],
  area: 'KOWLOON',
  district: 'YAU TSIM MONG',
  status: 'Full',
  under_maintenance: false,
  service_status: 0,
  photo: null,
};
const LIBRARY = {
  ...machineText('Stanley Library', '赤柱圖書館'),
  id: 'F-LIBRARY',
  coordinates: [22.2185, 114.211],
  area: 'HONG_KONG',
  district: 'SOUTHERN',
  status: '<=20%',
  under_maintenance: false,
  service_status: 0,
  photo: null,
};
/** The upstream's poll interval: the server's minimum. */
const INTERVAL_S = 15;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder of its own for a server's database and files, so that stopping the server keeps them. */
function dataDir(): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'rvm-feed-'));
  dirs.push(dir);
  return { dir, env: { RVM_DB: join(dir, 'rvm.sqlite'), RVM_FILES: join(dir, 'files') } };
}

async function startUpstream(): Promise<RunningServer> {
  const { dir } = dataDir();
  writeFileSync(join(dir, 'seed.json'), JSON.stringify([PARK, LIBRARY]));
  return startServer({ RVM_SEED: join(dir, 'seed.json') });
}

async function patch(server: RunningServer, id: string, body: object): Promise<void> {
  const response = await fetch(`${server.url}/api/operator/machines/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const statusOf = async (server: RunningServer, id: string) =>
  (await fetchMachines(server.url)).find((machine) => machine.id === id)?.status;

async function cardText(page: Page, locale: Locale, name: string): Promise<string> {
  await chooseFromList(page, MESSAGES[locale].list.title, name);
  const popup = await page.waitForSelector(popupOf(name), { visible: true, timeout: 30_000 });
  return textOf(popup!);
}

const hkTime = (iso: string, locale: Locale) => hongKongTime(Date.parse(iso), Date.now(), locale);

describe('following a live feed', () => {
  let upstream: RunningServer | undefined;
  const app = setupBrowserApp({
    start: async () => {
      upstream = await startUpstream();
      const { env } = dataDir();
      const feedEnv = { ...env, RVM_UPSTREAM_URL: `${upstream.url}/api/`, RVM_UPSTREAM_INTERVAL_S: String(INTERVAL_S) };
      const first = await startServer(feedEnv);
      await waitFor(
        () => statusOf(first, PARK.id),
        (status) => status === 'Full',
        'the first sync',
        30_000,
      );
      await first.stop();
      // Emptied upstream: the next poll records it. A follower polls as it starts, so the server started again on
      // the same database makes that poll now instead of after the interval.
      await patch(upstream, PARK.id, { status: '>40%' });
      const downstream = await startServer(feedEnv);
      await waitFor(
        () => statusOf(downstream, PARK.id),
        (status) => status === '>40%',
        'the change upstream to arrive',
        (INTERVAL_S + 15) * 1000,
      );
      return downstream;
    },
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it("shows last full and last emptied from the history, and 'Data as of' the last sync", async () => {
    const history = (await (await fetch(`${app.server.url}/api/rvm/${PARK.id}/history`)).json()) as {
      history: { at: string; status: string }[];
    };
    expect(history.history.map((entry) => entry.status)).toEqual(['Full', '>40%']);
    const [full, emptied] = history.history;

    const { page, errors } = await app.openPage('/');
    await waitForMapReady(page);
    const card = await cardText(page, 'en', PARK.name_en);
    const t = MESSAGES.en.freshness;
    expect(card).toContain(fill(t.lastFull, { time: hkTime(full!.at, 'en') }));
    expect(card).toContain(fill(t.lastEmptied, { time: hkTime(emptied!.at, 'en') }));

    const feed = (await (await fetch(`${app.server.url}/api/feed/`, { method: 'POST' })).json()) as {
      synced_at: string;
    };
    const panel = await page.$eval('body', (body) => body.innerText);
    // The page asked a moment before this test did; a poll in between can move the time by a minute at most.
    const asOf = /Data as of (\d\d:\d\d)/.exec(panel)?.[1];
    const expected = [
      hkTime(feed.synced_at, 'en'),
      hkTime(new Date(Date.parse(feed.synced_at) - INTERVAL_S * 1000).toISOString(), 'en'),
    ];
    expect(expected).toContain(asOf);
    expect(panel).not.toContain(MESSAGES.en.freshness.feedStaleTitle);
    expect(errors).toEqual([]);
  });
});

describe('a feed that has been silent for two hours', () => {
  const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  const app = setupBrowserApp({
    start: async () => {
      const upstream = await startUpstream();
      const { env } = dataDir();
      const feedEnv = { ...env, RVM_UPSTREAM_URL: `${upstream.url}/api/`, RVM_UPSTREAM_INTERVAL_S: String(INTERVAL_S) };
      const first = await startServer(feedEnv);
      await waitFor(
        () => fetchMachines(first.url),
        (machines) => machines.length === 2,
        'the first sync',
        30_000,
      );
      await first.stop();
      await upstream.stop();
      // As if the last sync that changed anything was two hours ago, and the feed has not answered since.
      const db = new Database(env.RVM_DB!);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'feed_synced_at'").run(TWO_HOURS_AGO);
      db.close();
      return startServer({ ...feedEnv, RVM_STALE_AFTER_MIN: '30' });
    },
  });

  // One page framed by a host, which changes the language live (docs/spec.md#embedding): one load serves the three.
  const hosted = setupForScope(
    'the hosted page',
    async () => {
      const opened = await openHosted(app, '/');
      await waitForMapReady(await opened.frame());
      return opened;
    },
    (opened) => opened.page.close(),
  );

  it.each(LOCALES)('says so in %s, with "Data as of" the last sync', async (locale) => {
    const t = MESSAGES[locale].freshness;
    const frame = await hosted().settle({ locale, fontSize: 'sm' });
    await frame.waitForFunction(
      (title) => [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes(title)),
      { timeout: 30_000 },
      t.feedStaleTitle,
    );
    const text = await frame.$eval('body', (body) => body.innerText);
    const time = hkTime(TWO_HOURS_AGO, locale);
    expect(text).toContain(fill(t.feedStale, { time }));
    expect(text).toContain(fill(t.fetched, { time }));
    expect(await seriousFindings(frame, `stale feed notice, ${locale}`)).toEqual([]);
  });
});
