import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { addPerson, PASSWORD, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

/**
 * The sign-in lock a stranger cannot hold (issue 63 row 4, decision 0061), on SQLite and PostgreSQL: a name's lock
 * from one address holds that address only, many addresses lock it only for clients it has not signed in from, a
 * browser it signed in from has its own count, and an admin unlocks it.
 */

const START = new Date('2099-11-28T08:00:00.000Z');
const MINUTE = 60_000;
let now = START;
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE));

let server: TestServer;
let ada: Person;
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
  await addPerson(server.engine, 'ada', 'admin');
  for (const name of ['ann', 'bea', 'cat', 'dot']) await addPerson(server.engine, name, 'operator');
  ada = await signIn(server.app, 'ada');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const STRANGER = '203.0.113.9';

/** A sign-in as it reaches the server from `address`, with a browser's cookies if any. */
const signInFrom = (address: string, name: string, password: string, cookie?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', ...SAME_SITE, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ name, password }),
  });
const answer = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  (response.json() as { msg?: string }).msg,
];
/** `rvm_device=…` of the device cookie a sign-in set. */
const deviceCookie = (response: { cookies: { name: string; value: string }[] }) => {
  const found = response.cookies.find((cookie) => cookie.name === 'rvm_device');
  if (!found) throw new Error('no device cookie');
  return `rvm_device=${found.value}`;
};
const people = async () =>
  (
    (await server.app.inject({ method: 'GET', url: '/api/operator/people', headers: ada.reading })).json() as {
      people: { name: string; lockedUntil: string | null }[];
    }
  ).people;

describe('a stranger guessing at a name from one address', () => {
  it('locks it for that address only, period after period: its person signs in from anywhere else', async () => {
    now = START;
    // The red team's loop: five wrong passwords a lock period, from one address, for three periods.
    for (let period = 0; period < 3; period++) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect(answer(await signInFrom(STRANGER, 'ann', 'a wrong guess'))).toEqual([401, 'badCredentials']);
      }
      expect(answer(await signInFrom(STRANGER, 'ann', 'a wrong guess'))).toEqual([429, 'accountLocked']);
      // The stranger's address stays locked, even with the right password.
      expect(answer(await signInFrom(STRANGER, 'ann', PASSWORD))).toEqual([429, 'accountLocked']);
      // The person, from an address with no failures and no cookie, gets in.
      const own = await signInFrom(`198.51.100.${period + 1}`, 'ann', PASSWORD);
      expect(answer(own)).toEqual([200, undefined]);
      later(15);
    }
  });
});

describe('many addresses guessing at one name', () => {
  it('lock it for clients it has not signed in from, but not for a browser it signed in from', async () => {
    now = START;
    const phone = deviceCookie(await signInFrom('198.51.100.50', 'bea', PASSWORD));
    for (let i = 1; i <= 19; i++) {
      expect(answer(await signInFrom(`192.0.2.${i}`, 'bea', 'a wrong guess'))).toEqual([401, 'badCredentials']);
    }
    expect(answer(await signInFrom('192.0.2.20', 'bea', 'a wrong guess'))).toEqual([429, 'accountLocked']);
    // A client the name has not signed in from, even with the right password from a fresh address, waits.
    expect(answer(await signInFrom('198.51.100.51', 'bea', PASSWORD))).toEqual([429, 'accountLocked']);
    // The browser it signed in from gets in, from any address, even one that guessed.
    expect(answer(await signInFrom('198.51.100.52', 'bea', PASSWORD, phone))).toEqual([200, undefined]);
    expect(answer(await signInFrom('192.0.2.3', 'bea', PASSWORD, phone))).toEqual([200, undefined]);
    // Its success does not end the lock the many addresses hold on new browsers.
    expect(answer(await signInFrom('198.51.100.53', 'bea', PASSWORD))).toEqual([429, 'accountLocked']);
    // That browser's cookie is no one else's: for another name it is a client like any other.
    expect(answer(await signInFrom('192.0.2.3', 'cat', 'a wrong guess', phone))).toEqual([401, 'badCredentials']);
    later(15);
    expect(answer(await signInFrom('198.51.100.51', 'bea', PASSWORD))).toEqual([200, undefined]);
  });

  it("a success clears the name's count from new browsers while it does not lock yet", async () => {
    now = START;
    for (let i = 1; i <= 19; i++) await signInFrom(`192.0.2.${100 + i}`, 'ann', 'a wrong guess');
    expect(answer(await signInFrom('198.51.100.70', 'ann', PASSWORD))).toEqual([200, undefined]);
    expect(answer(await signInFrom('192.0.2.200', 'ann', 'a wrong guess'))).toEqual([401, 'badCredentials']);
    later(15);
  });

  it('a browser the name signed in from has its own count of five', async () => {
    now = START;
    const laptop = deviceCookie(await signInFrom('198.51.100.60', 'cat', PASSWORD));
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(answer(await signInFrom('198.51.100.60', 'cat', 'a typo', laptop))).toEqual([401, 'badCredentials']);
    }
    expect(answer(await signInFrom('198.51.100.60', 'cat', 'a typo', laptop))).toEqual([429, 'accountLocked']);
    expect(answer(await signInFrom('198.51.100.60', 'cat', PASSWORD, laptop))).toEqual([429, 'accountLocked']);
    // Its failures are its own: the same address without that cookie is another client.
    expect(answer(await signInFrom('198.51.100.60', 'cat', PASSWORD))).toEqual([200, undefined]);
    later(15);
  });
});

describe('an admin', () => {
  const unlock = (name: string, by: Person) =>
    server.app.inject({ method: 'POST', url: `/api/operator/people/${name}/unlock`, headers: by.changing });

  it('sees a locked name, unlocks it, and the audit says who, when and from where', async () => {
    now = START;
    for (let attempt = 1; attempt <= 5; attempt++) await signInFrom(STRANGER, 'dot', 'a wrong guess');
    const lockedUntil = new Date(START.getTime() + 15 * MINUTE).toISOString();
    expect((await people()).find((p) => p.name === 'dot')).toMatchObject({ lockedUntil });
    expect((await people()).find((p) => p.name === 'ada')).toMatchObject({ lockedUntil: null });

    const response = await unlock('dot', ada);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, person: { name: 'dot', lockedUntil: null } });
    expect((await people()).find((p) => p.name === 'dot')).toMatchObject({ lockedUntil: null });
    expect(answer(await signInFrom(STRANGER, 'dot', PASSWORD))).toEqual([200, undefined]);

    const changes = await server.app.inject({ method: 'GET', url: '/api/operator/access-audit', headers: ada.reading });
    expect((changes.json() as { changes: unknown[] }).changes[0]).toEqual({
      at: START.toISOString(),
      actor: 'ada',
      actorKind: 'person',
      address: '127.0.0.1',
      action: 'personUnlocked',
      subject: 'dot',
      detail: { lockedUntil, counts: 2 },
    });
  });

  it('alone may unlock: 404 for no such person, 403 for anyone else, 401 for nobody', async () => {
    expect(answer(await unlock('nobody', ada))).toEqual([404, 'notFound']);
    const ann = await signIn(server.app, 'ann');
    expect(answer(await unlock('dot', ann))).toEqual([403, 'forbidden']);
    const nobody = await server.app.inject({
      method: 'POST',
      url: '/api/operator/people/dot/unlock',
      headers: SAME_SITE,
    });
    expect(answer(nobody)).toEqual([401, 'unauthorized']);
    expect(answer(await unlock('dot', { ...ada, changing: ada.reading }))).toEqual([403, 'csrfRejected']);
  });
});
