import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers';
import { addPerson, PASSWORD, PEOPLE_SETUP_MS, personFrom, SAME_SITE, sessionCookieOf, type Person } from './people';

/** ASVS 3.3.4: a person sees their own live sessions and signs out any other one, or all the others. */

// After the accounts' passwords were set (now): a session older than its password is refused.
const START = new Date('2031-03-01T08:00:00.000Z');
const MINUTE = 60_000;
let now = START;
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Listed {
  handle: string;
  createdAt: string;
  lastSeenAt: string;
  address: string;
  agent: string;
  current: boolean;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sessionIdleMs: 30 * MINUTE, sessionAbsoluteMs: 60 * MINUTE }, { clock: () => now });
  await addPerson(server.engine, 'ann', 'viewer', ['ISLANDS']);
  await addPerson(server.engine, 'bob', 'operator');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

async function signInWith(name: string, agent: string, address: string): Promise<Person> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'user-agent': agent, ...SAME_SITE },
    payload: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return personFrom(name, sessionCookieOf(response), response.json().session.csrfToken as string);
}
const list = async (person: Person) => {
  const response = await server.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: person.reading });
  return { status: response.statusCode, sessions: (response.json() as { sessions?: Listed[] }).sessions ?? [] };
};
const end = (person: Person, handle?: string, headers = person.changing) =>
  server.app.inject({
    method: 'DELETE',
    url: handle === undefined ? '/api/auth/sessions' : `/api/auth/sessions/${handle}`,
    headers,
  });
const stillIn = async (person: Person) =>
  (await server.app.inject({ method: 'POST', url: '/api/auth/session', headers: person.reading })).statusCode === 200;

describe("a person's own sessions", () => {
  let laptop: Person;
  let phone: Person;
  let tablet: Person;
  let bob: Person;

  it('lists each live session with its times, address and browser, this one marked, and no one else’s', async () => {
    laptop = await signInWith('ann', FIREFOX, '192.0.2.1');
    later(5);
    phone = await signInWith('ann', PHONE, '192.0.2.2');
    later(1);
    tablet = await signInWith('ann', 'curl/8.5.0', '192.0.2.3');
    bob = await signInWith('bob', FIREFOX, '192.0.2.4');
    later(3);
    const { status, sessions } = await list(phone);
    expect(status).toBe(200);
    expect(sessions.map(({ agent, current }) => ({ agent, current }))).toEqual([
      { agent: 'Firefox 133 · Linux', current: false },
      { agent: 'Safari 18 · iOS', current: true },
      { agent: '', current: false },
    ]);
    const [first, second] = sessions;
    expect(first).toMatchObject({ createdAt: START.toISOString(), lastSeenAt: START.toISOString() });
    expect(sessions.map((s) => s.address)).toEqual(['192.0.2.1', '192.0.2.2', '192.0.2.3']);
    // The list's request moved the phone's session on: it was seen now.
    expect(second).toMatchObject({ createdAt: '2031-03-01T08:05:00.000Z', lastSeenAt: '2031-03-01T08:09:00.000Z' });
    // A handle names the session, and is neither its cookie's id nor the key the database keeps.
    const cookieId = phone.cookie.split('=')[1]!;
    const stored = (await server.engine.sessions.listFor('ann')).map((s) => s.idHash);
    for (const { handle } of sessions) {
      expect(handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(cookieId).not.toContain(handle);
      expect(stored.some((key) => key.includes(handle))).toBe(false);
    }
  });

  it('leaves out a session that has expired', async () => {
    later(25); // the laptop and the tablet were last seen 29 and 28 minutes ago; the phone 25
    later(3);
    expect((await list(phone)).sessions.map((s) => s.agent)).toEqual(['Safari 18 · iOS']);
    laptop = await signInWith('ann', FIREFOX, '192.0.2.1');
    tablet = await signInWith('ann', 'curl/8.5.0', '192.0.2.3');
    bob = await signInWith('bob', FIREFOX, '192.0.2.4');
  });

  it('signs out one other session, which is refused from its next request on', async () => {
    const { sessions } = await list(phone);
    const laptopHandle = sessions.find((s) => s.agent.startsWith('Firefox'))!.handle;
    const answer = await end(phone, laptopHandle);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, ended: 1 });
    expect(await stillIn(laptop)).toBe(false);
    expect(await stillIn(phone)).toBe(true);
    expect(await stillIn(tablet)).toBe(true);
    // Again, or a handle of nothing: 404; so is the current session's own handle (signing out ends that one).
    expect((await end(phone, laptopHandle)).statusCode).toBe(404);
    expect((await end(phone, 'a'.repeat(22))).statusCode).toBe(404);
    const own = (await list(phone)).sessions.find((s) => s.current)!.handle;
    expect((await end(phone, own)).statusCode).toBe(404);
    expect(await stillIn(phone)).toBe(true);
  });

  it("cannot end another person's session, even with its handle", async () => {
    const bobsHandle = (await list(bob)).sessions[0]!.handle;
    expect((await end(phone, bobsHandle)).statusCode).toBe(404);
    expect(await stillIn(bob)).toBe(true);
  });

  it('needs the CSRF token to end a session, from a page of this site', async () => {
    const handle = (await list(phone)).sessions.find((s) => !s.current)!.handle;
    const withoutToken = await end(phone, handle, phone.reading);
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json()).toMatchObject({ msg: 'csrfRejected' });
    const crossSite = await end(phone, undefined, { ...phone.changing, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await stillIn(tablet)).toBe(true);
  });

  it('signs out every other session at once, and only that person’s', async () => {
    laptop = await signInWith('ann', FIREFOX, '192.0.2.1');
    const answer = await end(phone);
    expect(answer.json()).toEqual({ success: true, ended: 2 });
    expect(await stillIn(laptop)).toBe(false);
    expect(await stillIn(tablet)).toBe(false);
    expect(await stillIn(phone)).toBe(true);
    expect(await stillIn(bob)).toBe(true);
    expect((await list(phone)).sessions).toHaveLength(1);
    expect((await end(phone)).json()).toEqual({ success: true, ended: 0 });
  });

  it('has nothing for the operator token or for nobody', async () => {
    const token = { authorization: `Bearer ${ADMIN_TOKEN}`, ...SAME_SITE };
    const asToken = await server.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: token });
    expect(asToken.statusCode).toBe(401);
    expect(asToken.json()).toMatchObject({ msg: 'unauthorized' });
    expect((await server.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: token })).statusCode).toBe(
      401,
    );
    const nobody = await server.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: SAME_SITE });
    expect(nobody.statusCode).toBe(401);
  });
});
