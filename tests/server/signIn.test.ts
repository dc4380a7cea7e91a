import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDisabled } from '../../server/auth/manageAccounts';
import { startTestServer, type TestServer } from './helpers';
import {
  addPerson,
  PASSWORD,
  PEOPLE_SETUP_MS,
  personFrom,
  SAME_SITE,
  sessionCookieOf,
  signIn,
  signInRequest,
  type Person,
} from './people';

// In the future: an account's password is set at the real time, and a session older than it is no session.
const START = new Date('2099-11-28T08:00:00.000Z');
const MINUTE = 60_000;
let now = START;
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sessionIdleMs: 30 * MINUTE, sessionAbsoluteMs: 60 * MINUTE }, { clock: () => now });
  for (const name of ['ann', 'bob', 'cy', 'dee', 'eve', 'fay']) await addPerson(server.engine, name, 'operator');
  await addPerson(server.engine, 'gus', 'viewer', ['ISLANDS'], true);
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const post = (url: string, headers: Record<string, string>, body?: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const session = (person: Pick<Person, 'reading'>) => post('/api/auth/session', person.reading);
const signOut = (headers: Record<string, string>) => post('/api/auth/logout', headers);

describe('signing in', () => {
  it('answers the session and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await signInRequest(server.app, ' ANN ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      session: {
        name: 'ann',
        role: 'operator',
        districts: [],
        mustChangePassword: false,
        secondFactor: 'done',
        csrfToken: expect.stringMatching(/^[\w-]{43}$/),
        idleExpiresAt: '2099-11-28T08:30:00.000Z',
        absoluteExpiresAt: '2099-11-28T09:00:00.000Z',
      },
    });
    const [cookie, device] = response.cookies;
    expect(cookie).toEqual({
      name: 'rvm_session',
      value: expect.stringMatching(/^[\w-]{43}$/),
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
    });
    // The browser's device cookie, kept 180 days: the name knows this browser at its next sign-in.
    expect(device).toEqual({
      name: 'rvm_device',
      value: expect.stringMatching(/^[\w-]{43}$/),
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 180 * 24 * 60 * 60,
    });
    expect((await server.engine.accounts.get('ann'))?.lastSignInAt).toBe(START.toISOString());
    // Only the id's hash is stored.
    expect(await server.sql.value('SELECT count(*) FROM sessions WHERE id_hash = ?', cookie!.value)).toBe(0);
  });

  it('over TLS names the cookie __Host-rvm_session and marks it Secure; a plain rvm_session is not honoured there', async () => {
    const tls = await startTestServer({ trustProxy: true }, { clock: () => now });
    try {
      await addPerson(tls.engine, 'tess', 'viewer');
      const viaTls = { 'x-forwarded-proto': 'https' };
      const response = await signInRequest(tls.app, 'tess', PASSWORD, viaTls);
      expect(response.cookies).toEqual([
        expect.objectContaining({ name: '__Host-rvm_session', secure: true, httpOnly: true, sameSite: 'Strict' }),
        expect.objectContaining({ name: '__Host-rvm_device', secure: true, httpOnly: true, sameSite: 'Strict' }),
      ]);
      const id = response.cookies[0]!.value;
      const check = (cookie: string, headers = {}) =>
        tls.app.inject({ method: 'POST', url: '/api/auth/session', headers: { cookie, ...SAME_SITE, ...headers } });
      expect((await check(`__Host-rvm_session=${id}`, viaTls)).statusCode).toBe(200);
      expect((await check(`rvm_session=${id}`, viaTls)).statusCode).toBe(401);
    } finally {
      await tls.close();
    }
  });

  it('answers an unknown name, a wrong password and a disabled account alike, with no cookie', async () => {
    await addPerson(server.engine, 'off', 'viewer');
    await setDisabled(server.engine.accounts, 'off', true);
    for (const [name, password] of [
      ['nobody', PASSWORD],
      ['bob', 'not the password'],
      ['off', PASSWORD],
      ['', PASSWORD],
    ] as const) {
      const response = await signInRequest(server.app, name, password);
      expect({ status: response.statusCode, body: response.json(), cookies: response.cookies }).toEqual({
        status: 401,
        body: { success: false, msg: 'badCredentials' },
        cookies: [],
      });
    }
  });

  it('refuses a body that is not a name and a password, and a sign-in sent from another site', async () => {
    const bad = await post('/api/auth/login', SAME_SITE, { name: 'ann' });
    expect(bad.json()).toEqual({ success: false, msg: 'badRequest' });
    const crossSite = await signInRequest(server.app, 'ann', PASSWORD, { 'sec-fetch-site': 'cross-site' });
    expect([crossSite.statusCode, crossSite.json().msg, crossSite.cookies]).toEqual([403, 'csrfRejected', []]);
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=ann&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(form.statusCode).toBe(415);
  });

  it('gives a new session id at each sign-in, and ends the one the browser had', async () => {
    const first = await signIn(server.app, 'cy');
    const again = await signInRequest(server.app, 'cy', PASSWORD, { cookie: first.cookie });
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first.cookie);
    expect((await session(first)).statusCode).toBe(401);
    expect((await session(personFrom('cy', second, ''))).statusCode).toBe(200);
  });
});

describe('too many wrong passwords', () => {
  it('lock the name for 15 minutes, say when it opens, refuse even the right password meanwhile, and open again', async () => {
    now = START;
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await signInRequest(server.app, 'dee', 'wrong password')).statusCode).toBe(401);
      later(1);
    }
    const locking = await signInRequest(server.app, 'dee', 'wrong password');
    expect([locking.statusCode, locking.json()]).toEqual([
      429,
      { success: false, msg: 'accountLocked', retryAfterSeconds: 900 },
    ]);
    expect(locking.headers['retry-after']).toBe('900');

    later(10);
    const right = await signInRequest(server.app, 'dee', PASSWORD);
    expect([right.statusCode, right.json().retryAfterSeconds, right.cookies]).toEqual([429, 300, []]);
    // Another account is not held by this one's lock.
    expect((await signInRequest(server.app, 'eve', PASSWORD)).statusCode).toBe(200);

    later(5);
    expect((await signInRequest(server.app, 'dee', PASSWORD)).statusCode).toBe(200);
  });

  it('lock an unknown name the same way, so a lock tells nothing about an account', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) await signInRequest(server.app, 'ghost', 'wrong password');
    expect((await signInRequest(server.app, 'ghost', 'wrong password')).json()).toEqual({
      success: false,
      msg: 'accountLocked',
      retryAfterSeconds: 900,
    });
    later(15);
  });

  it('from one address, under many names, stop that address for 15 minutes', async () => {
    const from = (name: string, password = 'wrong password') =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/json', ...SAME_SITE },
        payload: JSON.stringify({ name, password }),
      });
    for (let attempt = 1; attempt <= 19; attempt++) expect((await from(`guess${attempt}`)).statusCode).toBe(401);
    expect((await from('guess20')).json()).toEqual({ success: false, msg: 'tooManyAttempts', retryAfterSeconds: 900 });
    expect((await from('fay', PASSWORD)).json().msg).toBe('tooManyAttempts');
    // Others are not held.
    expect((await signInRequest(server.app, 'fay')).statusCode).toBe(200);
    later(15);
    expect((await from('fay', PASSWORD)).statusCode).toBe(200);
  });
});

describe('the session', () => {
  it('is answered to the console with its token, and moves its idle expiry on', async () => {
    now = START;
    const ann = await signIn(server.app, 'ann');
    later(10);
    const response = await session(ann);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().session).toMatchObject({
      name: 'ann',
      csrfToken: ann.csrfToken,
      idleExpiresAt: '2099-11-28T08:40:00.000Z',
      absoluteExpiresAt: '2099-11-28T09:00:00.000Z',
    });
  });

  it('is 401 without a cookie, with a made-up one, and to a page of another site 403', async () => {
    expect((await post('/api/auth/session', SAME_SITE)).json()).toEqual({ success: false, msg: 'unauthorized' });
    expect((await session(personFrom('x', `rvm_session=${'A'.repeat(43)}`, ''))).statusCode).toBe(401);
    const ann = await signIn(server.app, 'ann');
    const crossSite = await post('/api/auth/session', { cookie: ann.cookie, 'sec-fetch-site': 'cross-site' });
    expect([crossSite.statusCode, crossSite.json().msg]).toEqual([403, 'csrfRejected']);
  });

  it('ends after its idle time, its cookie cleared', async () => {
    now = START;
    const busy = await signIn(server.app, 'ann');
    const idle = await signIn(server.app, 'ann');
    later(29);
    expect((await session(busy)).statusCode).toBe(200);
    later(2);
    expect((await session(busy)).statusCode).toBe(200);
    const ended = await session(idle);
    expect(ended.statusCode).toBe(401);
    expect(ended.cookies).toEqual([expect.objectContaining({ name: 'rvm_session', value: '' })]);
  });

  it('ends at its absolute time however busy it is', async () => {
    now = START;
    const ann = await signIn(server.app, 'ann');
    for (let minutes = 20; minutes < 60; minutes += 20) {
      later(20);
      expect((await session(ann)).statusCode).toBe(200);
    }
    later(20);
    expect((await session(ann)).statusCode).toBe(401);
  });

  it('ends at once when its account is disabled', async () => {
    now = START;
    await addPerson(server.engine, 'hal', 'viewer');
    const hal = await signIn(server.app, 'hal');
    await setDisabled(server.engine.accounts, 'hal', true);
    expect((await session(hal)).statusCode).toBe(401);
    await setDisabled(server.engine.accounts, 'hal', false);
    expect((await session(hal)).statusCode).toBe(401);
  });

  it('answers a person who must change the password given', async () => {
    const gus = await signIn(server.app, 'gus');
    expect((await session(gus)).json().session).toMatchObject({
      role: 'viewer',
      districts: ['ISLANDS'],
      mustChangePassword: true,
    });
  });
});

describe('signing out', () => {
  it('ends the session everywhere and clears the cookie', async () => {
    const ann = await signIn(server.app, 'ann');
    const response = await signOut(ann.changing);
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
    expect(response.cookies).toEqual([expect.objectContaining({ name: 'rvm_session', value: '' })]);
    expect((await session(ann)).statusCode).toBe(401);
  });

  it('is 200 without a session', async () => {
    expect((await signOut(SAME_SITE)).statusCode).toBe(200);
  });

  it.each([
    ['without its CSRF token', (p: Person) => ({ cookie: p.cookie, ...SAME_SITE })],
    ['with another token', (p: Person) => ({ ...p.changing, 'x-csrf-token': 'A'.repeat(43) })],
    ['from another site', (p: Person) => ({ ...p.changing, 'sec-fetch-site': 'cross-site' })],
    [
      'from another origin (a browser without Fetch Metadata)',
      (p: Person) => ({ cookie: p.cookie, 'x-csrf-token': p.csrfToken, origin: 'https://evil.example' }),
    ],
  ])('is refused %s, and the session goes on', async (_name, headers) => {
    const ann = await signIn(server.app, 'ann');
    const response = await signOut(headers(ann));
    expect([response.statusCode, response.json()]).toEqual([403, { success: false, msg: 'csrfRejected' }]);
    expect((await session(ann)).statusCode).toBe(200);
  });

  it('from this origin, without Fetch Metadata, is a page of this site', async () => {
    const ann = await signIn(server.app, 'ann');
    const origin = 'http://localhost:80';
    const response = await signOut({ cookie: ann.cookie, 'x-csrf-token': ann.csrfToken, origin, host: 'localhost:80' });
    expect(response.statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  const change = (person: Person, body: unknown) => post('/api/auth/password', person.changing, body);

  it('needs the current password, and says what is wrong with each field', async () => {
    now = START;
    await addPerson(server.engine, 'ida', 'operator');
    const ida = await signIn(server.app, 'ida');
    const response = await change(ida, { current: 'wrong password', next: 'short' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        success: false,
        msg: 'passwordRejected',
        problems: [
          { field: 'current', code: 'wrong', params: {} },
          { field: 'next', code: 'tooShort', params: { min: 12 } },
        ],
      },
    ]);
    expect((await change(ida, { current: PASSWORD, next: PASSWORD })).json().problems).toEqual([
      { field: 'next', code: 'sameAsCurrent', params: {} },
    ]);
    expect((await change(ida, { current: PASSWORD, next: 'x'.repeat(129) })).json().problems).toEqual([
      { field: 'next', code: 'tooLong', params: { max: 128 } },
    ]);
    expect((await change(ida, { current: PASSWORD, next: 'Qwerty123456' })).json().problems).toEqual([
      { field: 'next', code: 'tooCommon', params: {} },
    ]);
  });

  it('ends every session of the account and goes on under a new id, a new token and no demand for a change', async () => {
    const gus = await signIn(server.app, 'gus');
    const elsewhere = await signIn(server.app, 'gus');
    const response = await change(gus, { current: PASSWORD, next: 'my own new passphrase' });
    expect(response.statusCode).toBe(200);
    const renewed = personFrom('gus', sessionCookieOf(response), response.json().session.csrfToken as string);
    expect(renewed.cookie).not.toBe(gus.cookie);
    expect(renewed.csrfToken).not.toBe(gus.csrfToken);
    expect(response.json().session.mustChangePassword).toBe(false);
    expect((await session(gus)).statusCode).toBe(401);
    expect((await session(elsewhere)).statusCode).toBe(401);
    expect((await session(renewed)).statusCode).toBe(200);
    expect((await signInRequest(server.app, 'gus', PASSWORD)).statusCode).toBe(401);
    expect((await signInRequest(server.app, 'gus', 'my own new passphrase')).statusCode).toBe(200);
  });

  it('is refused without the CSRF token, and without a session', async () => {
    const ida = await signIn(server.app, 'ida');
    const body = { current: PASSWORD, next: 'another passphrase' };
    expect((await post('/api/auth/password', ida.reading, body)).json().msg).toBe('csrfRejected');
    expect((await post('/api/auth/password', SAME_SITE, body)).json().msg).toBe('unauthorized');
  });

  it('counts a wrong current password as a failed sign-in, and locks', async () => {
    now = START;
    await addPerson(server.engine, 'jo', 'operator');
    const jo = await signIn(server.app, 'jo');
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await change(jo, { current: 'guess', next: 'a new passphrase' })).statusCode).toBe(400);
    }
    const locked = await change(jo, { current: 'guess', next: 'a new passphrase' });
    expect([locked.statusCode, locked.json()]).toEqual([
      429,
      { success: false, msg: 'accountLocked', retryAfterSeconds: 900 },
    ]);
    later(15);
  });
});
