import { describe, expect, it, vi } from 'vitest';
import { HISTORY_MAX_PAGES, fetchHistory, type GetJson } from './fetchHistory';

const urlAfter = (since: string) => `/api/rvm/RVM-1/history?since=${since}`;
const entry = (minute: number, status = '>40%') => ({
  at: `2026-11-23T05:${String(minute).padStart(2, '0')}:00.000Z`,
  status,
});
const page = (entries: ReturnType<typeof entry>[], more: boolean) => ({
  success: true,
  id: 'RVM-1',
  history: entries,
  more,
});
const signal = new AbortController().signal;

/** Answers each URL from `pages` by its `since`, and records the URLs asked for. */
function server(pages: Record<string, unknown>) {
  const asked: string[] = [];
  const getJson: GetJson = vi.fn(async (url: string) => {
    asked.push(url);
    return pages[new URL(url, 'http://x').searchParams.get('since') ?? ''] ?? null;
  });
  return { asked, getJson };
}

describe('fetchHistory', () => {
  it('reads one page when the server has no more', async () => {
    const { asked, getJson } = server({ start: page([entry(1, 'Full'), entry(2)], false) });
    const entries = await fetchHistory(urlAfter, 'start', getJson, signal);
    expect(entries?.map((e) => e.status)).toEqual(['Full', '>40%']);
    expect(asked).toEqual([urlAfter('start')]);
  });

  it("follows the pages from each last entry's time, so the newest entries are read too", async () => {
    const { asked, getJson } = server({
      start: page([entry(1), entry(2, 'Full')], true),
      [entry(2).at]: page([entry(3), entry(4, 'Full')], true),
      [entry(4).at]: page([entry(5)], false),
    });
    const entries = await fetchHistory(urlAfter, 'start', getJson, signal);
    expect(entries?.map((e) => new Date(e.at).getUTCMinutes())).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([urlAfter('start'), urlAfter(entry(2).at), urlAfter(entry(4).at)]);
  });

  it('gives nothing when a later page fails: the times read from the first would be old', async () => {
    const { getJson } = server({ start: page([entry(1, 'Full')], true) });
    expect(await fetchHistory(urlAfter, 'start', getJson, signal)).toBeNull();
  });

  it('gives nothing for a malformed answer, or one that says more without moving on', async () => {
    expect(await fetchHistory(urlAfter, 'start', server({ start: { history: 'no' } }).getJson, signal)).toBeNull();
    expect(await fetchHistory(urlAfter, 'start', server({ start: page([], true) }).getJson, signal)).toBeNull();
    const stuck = page([entry(1)], true);
    expect(
      await fetchHistory(urlAfter, 'start', server({ start: stuck, [entry(1).at]: stuck }).getJson, signal),
    ).toBeNull();
  });

  it(`stops after ${HISTORY_MAX_PAGES} pages and gives nothing, rather than a history without its end`, async () => {
    let minute = 0;
    const getJson: GetJson = vi.fn(async () => page([entry(minute++ % 60)], true));
    expect(await fetchHistory(urlAfter, 'start', getJson, signal)).toBeNull();
    expect(getJson).toHaveBeenCalledTimes(HISTORY_MAX_PAGES);
  });
});
