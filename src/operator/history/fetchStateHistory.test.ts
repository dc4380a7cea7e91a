import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { fetchStateHistory } from './fetchStateHistory';

const entry = (at: string, status: string) => ({
  at,
  status,
  under_maintenance: false,
  service_status: 0,
  deactivated: false,
});

describe('fetchStateHistory', () => {
  it("follows the server's pages from the last entry's time", async () => {
    const pages = [
      { success: true, id: 'A', history: [entry('2026-03-01T00:00:00Z', 'Full')], more: true },
      { success: true, id: 'A', history: [entry('2026-03-02T00:00:00Z', '>40%')], more: false },
    ];
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify(pages.shift()), { status: 200 })),
    );
    const call = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      changePending: vi.fn(),
      notify: vi.fn(),
      translateKey: () => undefined,
      redirectToLogin: vi.fn(),
    });
    const entries = await fetchStateHistory(call, 'A/1', '2026-02-01T00:00:00.000Z');
    expect(entries?.map((e) => e.status)).toEqual(['Full', '>40%']);
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method])).toEqual([
      ['/api/rvm/A%2F1/history?since=2026-02-01T00%3A00%3A00.000Z', 'GET'],
      ['/api/rvm/A%2F1/history?since=2026-03-01T00%3A00%3A00Z', 'GET'],
    ]);
  });
});
