import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../tests/support/consoleRender';
import { locationAtom } from '../router/routeAtom';
import en from './i18n/locales/en.json';
import { OperatorApp } from './OperatorApp';
import { sessionAtom } from './session/sessionAtoms';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the console', { timeout: 20_000 }, () => {
  it('sends a person without a session to sign in, replacing history, to come back to this very page', async () => {
    window.history.replaceState(null, '', '/operator/audit?person=lee&locale=zht');
    fakeServer(() => ({ status: 401, body: { success: false, msg: 'unauthorized' } }));
    const entries = window.history.length;
    const { store } = renderConsole(<OperatorApp />, { session: null });
    await waitFor(() => expect(store.get(locationAtom).pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/operator/audit?person=lee&locale=zht');
    expect(new URLSearchParams(window.location.search).get('locale')).toBe('zht');
    expect(window.history.length).toBe(entries);
  });

  it('sends a person whose password must change to the sign-in page first', async () => {
    window.history.replaceState(null, '', '/operator');
    fakeServer(() => ({
      status: 200,
      body: { success: true, session: { ...TEST_SESSION, mustChangePassword: true } },
    }));
    const { store } = renderConsole(<OperatorApp />, { session: null });
    await waitFor(() => expect(store.get(locationAtom).pathname).toBe('/login'));
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('shows a signed-in person the fleet, their name and role, and goes to sign in when a later call answers 401', async () => {
    window.history.replaceState(null, '', '/operator');
    let signedIn = true;
    fakeServer((call) => {
      if (call.path === '/api/auth/session') return { status: 200, body: { success: true, session: TEST_SESSION } };
      if (call.path === '/api/operator/machines')
        return signedIn
          ? { status: 200, body: { success: true, rvms: [] } }
          : { status: 401, body: { success: false, msg: 'unauthorized' } };
      return undefined;
    });
    const { store } = renderConsole(<OperatorApp />, { session: null });
    expect(await screen.findByRole('heading', { name: en.fleet.title, level: 2 })).toBeTruthy();
    expect(screen.getByText(`Signed in as ${TEST_SESSION.name}`)).toBeTruthy();
    expect(screen.getByText(en.console.roleOperator)).toBeTruthy();
    expect(await screen.findByText(en.fleet.empty)).toBeTruthy();

    // The session ends; the next call (here a retry of the list) goes to the sign-in page.
    signedIn = false;
    window.history.pushState(null, '', '/operator/machines/RVM-001');
    store.set(locationAtom, { pathname: '/operator/machines/RVM-001', search: '' });
    const { loadFleetAtom } = await import('./fleet/fleetAtoms');
    const { createConsoleApi } = await import('./session/startConsoleApi');
    await store.set(loadFleetAtom, createConsoleApi(store, { onUnauthorized: 'signIn' })).catch(() => undefined);
    await waitFor(() => expect(store.get(locationAtom).pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/operator/machines/RVM-001');
    expect(store.get(sessionAtom)).toBeNull();
  });
});
