import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { District } from '../../shared/contract/machine';
import type { Role } from '../../server/accounts/account';
import { addAccount } from '../../server/auth/manageAccounts';
import type { Engine } from '../../server/db/engine';

/** The console's people in the server tests: accounts, signing in, and calls made with a session. */

/** Every test account's password: long enough for the policy. */
export const PASSWORD = 'a long test passphrase';

/**
 * A beforeAll that adds and signs in several people: each costs an argon2id hash (19 MiB), and at a load average of
 * 20 a handful of them outlast vitest's 10 s hook default.
 */
export const PEOPLE_SETUP_MS = 60_000;

/** What a page of this site sends with a fetch (Fetch Metadata), as Chromium does. */
export const SAME_SITE = { 'sec-fetch-site': 'same-origin' } as const;

export async function addPerson(
  engine: Engine,
  name: string,
  role: Role,
  districts: District[] = [],
  mustChangePassword = false,
): Promise<void> {
  await addAccount(engine.accounts, { name, password: PASSWORD, role, districts, mustChangePassword });
}

/** A signed-in session as a browser holds it: the cookie to send back and the session's CSRF token. */
export interface Person {
  name: string;
  cookie: string;
  csrfToken: string;
  /** The headers of a request that changes something, from the console. */
  changing: Record<string, string>;
  /** The headers of a request that only reads. */
  reading: Record<string, string>;
}

/** `name=value` of the session cookie a sign-in or password change set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'rvm_session' || c.name === '__Host-rvm_session');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export const personFrom = (name: string, cookie: string, csrfToken: string): Person => ({
  name,
  cookie,
  csrfToken,
  changing: { cookie, 'x-csrf-token': csrfToken, ...SAME_SITE },
  reading: { cookie, ...SAME_SITE },
});

export function signInRequest(app: FastifyInstance, name: string, password = PASSWORD, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json', ...SAME_SITE, ...headers },
    payload: JSON.stringify({ name, password }),
  });
}

export async function signIn(app: FastifyInstance, name: string, password = PASSWORD): Promise<Person> {
  const response = await signInRequest(app, name, password);
  expect(response.statusCode, response.body).toBe(200);
  return personFrom(name, sessionCookieOf(response), response.json().session.csrfToken as string);
}
