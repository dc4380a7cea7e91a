// Issue 52 point 5, "a held sync rejected by an admin", and point 3's console: the real server follows a local junk
// feed that first sends every demo machine, then only three of them. The sync is held; an admin sees the machines it
// would deactivate and rejects it; they stay active and the decision names the admin. Then the open alert a rule
// raised, on the alerts page and as a count on the fleet view. One page, signed in once, as one person would work.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleEn from '../../src/operator/i18n/locales/en.json';
import { seriousFindings } from '../../testkit/browser/axe';
import { ADMIN_TOKEN, ROOT, startServer } from '../../testkit/browser/harness';
import { addPerson, signIn } from './consolePeople';
import { setupBrowserApp } from './fixture';
import { setupSharedPage } from './sharedPage';
import { fetchMachines, fill, find, textOf, waitFor } from './screen-helpers';

const t = consoleEn;
/** What the junk feed keeps sending after its first, whole answer: three machines of 129. */
const KEPT = ['RVM-001', 'RVM-002', 'RVM-003'];
/** The state table's row of failed polls in a row, when it says none. */
const NO_FAILURES = new RegExp(`${t.feedReview.failures}\\s+0\\s`);
const HOUR_MS = 60 * 60 * 1000;

interface FeedStatus {
  synced_at: string | null;
}

interface DemoMachine {
  id: string;
  status: string;
  deactivated?: boolean;
  name_en: string;
  photo?: string;
}

/** The demo machines as a feed sends them: no photos to fetch; RVM-002 last reported two hours ago. */
function feedMachines(): object[] {
  const demo = JSON.parse(readFileSync(join(ROOT, 'assets/demo/machines.json'), 'utf8')) as DemoMachine[];
  const lastOnline = new Date(Date.now() - 2 * HOUR_MS).toISOString();
  return demo.map(({ photo: _photo, ...machine }) => ({
    ...machine,
    last_online: machine.id === 'RVM-002' ? lastOnline : new Date().toISOString(),
  }));
}

/**
 * A local feed: its first list answer holds every machine, its second only KEPT (RVM-001 now full), and then it
 * fails (HTTP 503). A failing feed leaves a hold waiting; the same answer again would have confirmed it (decision
 * 0038), so this is the feed an admin must decide on.
 */
function startJunkFeed(): Promise<{ url: string; lists: () => number; close: () => Promise<void> }> {
  const machines = feedMachines();
  let lists = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    if (request.method !== 'POST' || request.url !== '/api/rvm/') {
      response.writeHead(404).end();
      return;
    }
    lists += 1;
    if (lists > 2) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('the junk feed is down');
      return;
    }
    const rvms =
      lists === 1
        ? machines
        : machines
            .filter((machine) => KEPT.includes((machine as DemoMachine).id))
            .map((machine) => ((machine as DemoMachine).id === 'RVM-001' ? { ...machine, status: 'Full' } : machine));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, rvms }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
        lists: () => lists,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

let feed: Awaited<ReturnType<typeof startJunkFeed>>;
let dataDir: string | undefined;
beforeAll(async () => {
  feed = await startJunkFeed();
});
afterAll(async () => {
  await feed?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const app = setupBrowserApp({
  start: async () => {
    // The feed's shortest interval (15 s); alerts evaluated every 5 s. A database of its own, kept across a restart.
    const dir = mkdtempSync(join(tmpdir(), 'rvm-feed-review-'));
    dataDir = dir;
    const env = {
      RVM_DB: join(dir, 'rvm.sqlite'),
      RVM_FILES: join(dir, 'files'),
      RVM_UPSTREAM_URL: feed.url,
      RVM_UPSTREAM_INTERVAL_S: '15',
      RVM_ALERT_INTERVAL_S: '5',
    };
    // The first poll takes every machine. A follower polls as it starts: the server started again on the same
    // database makes the second poll, the junk answer, at once instead of after the interval.
    const first = await startServer(env);
    await waitFor(
      async () => ((await (await fetch(`${first.url}/api/feed/`, { method: 'POST' })).json()) as FeedStatus).synced_at,
      (syncedAt) => syncedAt !== null,
      'the first sync',
      30_000,
    );
    await first.stop();
    // Its database is this folder's, where the console's people are added too.
    return { ...(await startServer(env)), dbPath: env.RVM_DB };
  },
});
const shared = setupSharedPage(app, '/operator/feed', {
  ready: async () => {
    await addPerson(app.server, 'ada', 'admin');
    // A rule the console's alerts page will show an alert of: RVM-002 has not reported for two hours.
    const rule = await fetch(`${app.server.url}/api/operator/alert-rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'notReporting', minutes: 30 }),
    });
    expect(rule.status).toBe(200);
  },
});

/** Waits for a visible text anywhere on the page. */
async function shows(page: Page, text: string, timeout = 45_000) {
  await page.waitForSelector(`::-p-text(${JSON.stringify(text)})`, { visible: true, timeout });
}

describe('the feed review and the alerts in the console (issue 52)', { timeout: 120_000 }, () => {
  it('shows an admin the held sync and the machines it would deactivate', async () => {
    const { page } = shared;
    await signIn(page, 'ada');
    await find(page, 'heading', t.feedReview.title);
    const state = await find(page, 'table', t.feedReview.state);
    expect(await textOf(state)).toContain(feed.url);
    // The second answer (three machines of 128 active) is held; the page asks again every 5 s.
    await shows(page, t.feedReview.heldTitle);
    const going = 128 - KEPT.length;
    const machines = await find(page, 'table', fill(t.feedReview.machines, { count: going }));
    const rows = await machines.$$('tbody tr');
    expect(rows).toHaveLength(going);
    const text = await textOf(machines);
    expect(text).toContain('RVM-004');
    expect(text).not.toContain('RVM-002');
    // Meanwhile the held answer's status applies: RVM-001 is full on the public list, and every machine active.
    const list = await fetchMachines(app.server.url);
    expect(list.find((machine) => machine.id === 'RVM-001')?.status).toBe('Full');
    expect(list).toHaveLength(128);
    expect(await seriousFindings(page, 'feed with a held sync')).toEqual([]);
  });

  it('rejects it after asking: the machines stay active, and the decision names the admin', async () => {
    const { page } = shared;
    // By keyboard: the page's button, then the dialog's own, reached with Tab (its close button has the focus first).
    await (await find(page, 'button', t.feedReview.reject)).focus();
    await page.keyboard.press('Enter');
    await find(page, 'dialog', t.feedReview.rejectTitle);
    expect(await seriousFindings(page, 'the reject dialog')).toEqual([]);
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '');
    for (let tabs = 0; tabs < 3 && (await focused()) !== t.feedReview.rejectDo; tabs++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe(t.feedReview.rejectDo);
    await page.keyboard.press('Enter');
    await shows(page, t.feedReview.rejected);
    await shows(page, t.feedReview.noHold);
    const recent = await find(page, 'table', t.feedReview.recent);
    await waitFor(
      () => textOf(recent),
      (text) => text.includes(t.feedReview.holdState.rejected) && text.includes('ada'),
      'the rejection by ada in the recent decisions',
    );
    expect(await fetchMachines(app.server.url)).toHaveLength(128);
    // The feed now fails: the page shows it within a poll of the follower and one of its own.
    const state = await find(page, 'table', t.feedReview.state);
    await waitFor(
      () => textOf(state),
      (text) => text.includes('HTTP 503') && !NO_FAILURES.test(`${text}\n`),
      'the failing feed in the state table',
      45_000,
    );
  });

  it('shows the open alert on the alerts page, and its count on the fleet view', async () => {
    const { page } = shared;
    await (await find(page, 'link', t.console.alerts)).click();
    await find(page, 'heading', t.alerts.title);
    const open = await find(page, 'table', t.alerts.open, 45_000);
    const text = await textOf(open);
    expect(text).toContain(t.alerts.kinds.notReporting);
    expect(text).toContain('RVM-002');
    expect(await seriousFindings(page, 'alerts')).toEqual([]);

    await (await find(page, 'link', t.console.fleet)).click();
    await find(page, 'link', fill(t.alerts.openCount, { count: 1 }));
    expect(await seriousFindings(page, 'fleet with an open alert')).toEqual([]);
  });
});
