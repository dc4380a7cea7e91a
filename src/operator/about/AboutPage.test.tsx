import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderConsole } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { AboutPage } from './AboutPage';

const ABOUT = {
  version: '1.4.0',
  commit: 'abc1234+changes',
  engine: 'postgres',
  node: 'v24.1.0',
  timeZone: 'Asia/Hong_Kong',
  feed: { url: 'https://feed.example.org/api/?key=…', intervalS: 60 },
};

describe('the About page', () => {
  it('names what runs: version, build, engine, Node.js, time zone and the feed with its interval', async () => {
    const { calls } = fakeServer(() => ({ status: 200, body: { success: true, about: ABOUT } }));
    renderConsole(<AboutPage />);
    const table = await screen.findByRole('table', { name: en.about.title });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!.textContent;
    expect(row(en.about.version)).toContain('1.4.0');
    expect(row(en.about.build)).toContain('abc1234+changes');
    expect(row(en.about.engine)).toContain(en.about.postgres);
    expect(row(en.about.node)).toContain('v24.1.0');
    expect(row(en.about.timeZone)).toContain('Asia/Hong_Kong');
    expect(row(en.about.feed)).toContain('https://feed.example.org/api/?key=…, polled every 60 seconds');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/operator/about']);
  });

  it('says when no feed is followed', async () => {
    fakeServer(() => ({ status: 200, body: { success: true, about: { ...ABOUT, engine: 'sqlite', feed: null } } }));
    renderConsole(<AboutPage />);
    expect(await screen.findByText(en.about.noFeed)).toBeTruthy();
    expect(screen.getByText(en.about.sqlite)).toBeTruthy();
  });

  it('says so when the answer is not what it should be, and tries again on request', async () => {
    let answer: unknown = { success: true, about: { ...ABOUT, engine: 'oracle' } };
    fakeServer(() => ({ status: 200, body: answer }));
    renderConsole(<AboutPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.about.loadFailed);
    answer = { success: true, about: ABOUT };
    within(alert).getByRole('button', { name: en.console.retry }).click();
    expect(await screen.findByRole('table', { name: en.about.title })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
