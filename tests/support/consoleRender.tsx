// The console's components in jsdom: a store with the console's texts already loaded, Mantine, the console's API
// client, and a fake server answering its calls.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { consoleCataloguesAtom } from '../../src/operator/i18n/consoleCatalogueAtoms';
import en from '../../src/operator/i18n/locales/en.json';
import zhs from '../../src/operator/i18n/locales/zhs.json';
import zht from '../../src/operator/i18n/locales/zht.json';
import { ConsoleApi } from '../../src/operator/session/ConsoleApi';
import type { Session } from '../../src/operator/session/session';
import { sessionAtom } from '../../src/operator/session/sessionAtoms';

export const TEST_SESSION: Session = {
  name: 'chan.tai.man',
  role: 'operator',
  districts: [],
  mustChangePassword: false,
  secondFactor: 'done',
  csrfToken: 'csrf-123',
  idleExpiresAt: '2026-03-03T03:00:00Z',
  absoluteExpiresAt: '2026-03-03T12:00:00Z',
};

/** One call the page made: method, path (with its query), JSON body or form, headers. */
export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
/** Answers a call, or undefined for a 404. */
export type FakeRoute = (call: FakeCall) => Answer | undefined;

/** Stands in for the server: `fetch` answers with `route`, and every call is kept in `calls`. */
export function fakeServer(route: FakeRoute) {
  const calls: FakeCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: String(input),
      body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const answer = (await route(call)) ?? { status: 404, body: { success: false, msg: 'notFound' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

export function renderConsole(
  ui: ReactNode,
  {
    session = TEST_SESSION,
    onUnauthorized = 'signIn' as const,
  }: { session?: Session | null; onUnauthorized?: 'signIn' | 'answer' } = {},
) {
  const store = createStore();
  store.set(consoleCataloguesAtom, { en, zht, zhs });
  store.set(sessionAtom, session);
  const view = render(
    <Provider store={store}>
      <MantineProvider env="test">
        <ConsoleApi onUnauthorized={onUnauthorized}>{ui}</ConsoleApi>
      </MantineProvider>
    </Provider>,
  );
  return { store, ...view };
}
