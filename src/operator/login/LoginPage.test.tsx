import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import en from '../i18n/locales/en.json';
import zht from '../i18n/locales/zht.json';
import { locationAtom } from '../../router/routeAtom';
import { LoginPage } from './LoginPage';

// No pause between keystrokes: typing is otherwise the slowest part of these tests.
const userEvent = userEventLib.setup({ delay: null });

const NO_SESSION = { status: 401, body: { success: false, msg: 'unauthorized' } };

/** A field by its label; a required field's label ends in Mantine's asterisk. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));
const findField = (label: string) => screen.findByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));

beforeEach(() => window.history.replaceState(null, '', '/login?next=%2Foperator%2Faudit%3Fperson%3Dlee'));
afterEach(() => window.history.replaceState(null, '', '/'));

async function signIn(name = 'chan', password = 'correct horse') {
  await userEvent.type(await findField(en.login.username), name);
  await userEvent.type(field(en.login.password), password);
  await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
}

// Typing with userEvent is slow on a busy machine.
describe('the sign-in page', { timeout: 20_000 }, () => {
  it('signs in and goes back to the page it came from, in place of the sign-in page', async () => {
    const { calls } = fakeServer((call) =>
      call.path === '/api/auth/login' ? { status: 200, body: { success: true, session: TEST_SESSION } } : NO_SESSION,
    );
    const { store } = renderConsole(<LoginPage />, { session: null });
    const entries = window.history.length;
    await signIn();
    await waitFor(() => expect(store.get(locationAtom).pathname).toBe('/operator/audit'));
    expect(window.location.search).toBe('?person=lee');
    expect(window.history.length).toBe(entries);
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ name: 'chan', password: 'correct horse' });
  });

  it('says a wrong name or password is wrong, empties the password and keeps the name', async () => {
    fakeServer((call) =>
      call.path === '/api/auth/login' ? { status: 401, body: { success: false, msg: 'badCredentials' } } : NO_SESSION,
    );
    renderConsole(<LoginPage />, { session: null });
    await signIn('chan', 'wrong');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', en.error.badCredentials);
    expect(field(en.login.username)).toHaveProperty('value', 'chan');
    expect(field(en.login.password)).toHaveProperty('value', '');
    expect(window.location.pathname).toBe('/login');
  });

  it("tells a locked account when it opens again, in the person's language, and when it has", async () => {
    fakeServer((call) =>
      call.path === '/api/auth/login'
        ? { status: 429, body: { success: false, msg: 'accountLocked', retryAfterSeconds: 1 } }
        : NO_SESSION,
    );
    const { store } = renderConsole(<LoginPage />, { session: null });
    store.set(localeAtom, 'zht');
    await userEvent.type(await findField(zht.login.username), 'chan');
    await userEvent.type(field(zht.login.password), 'wrong');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: zht.login.submit }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('此帳戶因多次登入失敗已被鎖定'));
    const times = [before, Date.now()].map((at) => hongKongTime(at + 1000, at, 'zht'));
    expect(times.some((time) => alert.textContent?.includes(time))).toBe(true);
    await waitFor(() => expect(alert.textContent).toBe(zht.login.openAgain), { timeout: 3000 });
  });

  it('tells a device that tried too often when to try again', async () => {
    fakeServer((call) =>
      call.path === '/api/auth/login'
        ? { status: 429, body: { success: false, msg: 'tooManyAttempts', retryAfterSeconds: 600 } }
        : NO_SESSION,
    );
    renderConsole(<LoginPage />, { session: null });
    await signIn();
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toMatch(/^Too many sign-in attempts from this device\. Try again at \d\d:\d\d\.$/),
    );
  });

  it('asks a person whose password must change for a new one before going on', async () => {
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/auth/login')
        return { status: 200, body: { success: true, session: { ...TEST_SESSION, mustChangePassword: true } } };
      if (call.path === '/api/auth/password') {
        const { next } = call.body as { next: string };
        return next.length < 12
          ? {
              status: 400,
              body: {
                success: false,
                msg: 'passwordRejected',
                problems: [{ field: 'next', code: 'tooShort', params: { min: 12 } }],
              },
            }
          : { status: 200, body: { success: true, session: { ...TEST_SESSION, csrfToken: 'new-token' } } };
      }
      return NO_SESSION;
    });
    const { store } = renderConsole(<LoginPage />, { session: null });
    await signIn('chan', 'temporary');
    expect(await screen.findByRole('heading', { name: en.login.changeTitle })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');

    await userEvent.type(field(en.login.currentPassword), 'temporary');
    await userEvent.type(field(en.login.newPassword), 'short');
    await userEvent.type(field(en.login.repeatPassword), 'shorter');
    expect(screen.getByText(en.login.passwordsDiffer)).toBeTruthy();
    await userEvent.clear(field(en.login.repeatPassword));
    await userEvent.type(field(en.login.repeatPassword), 'short');
    await userEvent.click(screen.getByRole('button', { name: en.login.changeSubmit }));
    expect(await screen.findByText('At least 12 characters.')).toBeTruthy();

    for (const label of [en.login.newPassword, en.login.repeatPassword]) {
      await userEvent.clear(field(label));
      await userEvent.type(field(label), 'a much longer one');
    }
    await userEvent.click(screen.getByRole('button', { name: en.login.changeSubmit }));
    await waitFor(() => expect(store.get(locationAtom).pathname).toBe('/operator/audit'));
    const change = calls.filter((c) => c.path === '/api/auth/password').at(-1)!;
    expect(change.body).toEqual({ current: 'temporary', next: 'a much longer one' });
    expect(change.headers.get('x-csrf-token')).toBe(TEST_SESSION.csrfToken);
  });

  it('lets someone signed in already go on, or sign out for another person', async () => {
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/auth/session') return { status: 200, body: { success: true, session: TEST_SESSION } };
      if (call.path === '/api/auth/logout') return { status: 200, body: { success: true } };
      return NO_SESSION;
    });
    renderConsole(<LoginPage />, { session: null });
    expect(await screen.findByText(`You are signed in as ${TEST_SESSION.name}.`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.console.signOut }));
    expect(await findField(en.login.username)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/logout')?.headers.get('x-csrf-token')).toBe(TEST_SESSION.csrfToken);
  });
});
