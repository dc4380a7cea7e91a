import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingParty } from '../../server/auth/passkeys';
import { FACTOR_POLICY_META_KEY } from '../../server/db/metaKeys';
import { startSeededTestServer, type TestServer } from './helpers';
import { post } from './factorsHelpers';
import { addPerson, PEOPLE_SETUP_MS, personFrom, SAME_SITE, sessionCookieOf, signIn, signInRequest } from './people';
import type { Person } from './people';
import { SoftPasskey } from './softAuthenticator';

/**
 * Passkeys (WebAuthn, decision 0071) with a passkey in software: adding one, signing in with it alone and as the
 * second step, a step-up, challenges used once and briefly, counters, another site's answers refused, the lock, the
 * policy and a reset; on SQLite and PostgreSQL, with a clock the tests move.
 */

const START = new Date('2099-12-01T08:00:00.000Z');
const MINUTE = 60_000;
let now = START;
const later = (ms: number) => (now = new Date(now.getTime() + ms));

// app.inject's requests come to Host localhost:80: the console's origin as a browser names it.
const HERE = { origin: 'http://localhost', rpId: 'localhost' };

let server: TestServer;
beforeAll(async () => {
  server = await startSeededTestServer({}, { clock: () => now });
  await addPerson(server.engine, 'ada', 'admin');
  for (const name of ['pia', 'lou', 'val', 'kim', 'ren']) await addPerson(server.engine, name, 'viewer');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

interface Options {
  challenge: string;
  user: { id: string };
  rp: { id: string };
  allowCredentials?: { id: string }[];
  authenticatorSelection?: Record<string, unknown>;
}

async function options(url: string, person: Person | null): Promise<{ options: Options; cookie: string }> {
  const response = await server.app.inject({ method: 'POST', url, headers: person ? person.changing : SAME_SITE });
  expect(response.statusCode, response.body).toBe(200);
  const attempt = response.cookies.find((cookie) => cookie.name === 'rvm_passkey');
  return { options: response.json().options as Options, cookie: attempt ? `rvm_passkey=${attempt.value}` : '' };
}

/** Adds a software passkey for the signed-in person, named `name`. */
async function addPasskey(person: Person, name: string): Promise<SoftPasskey> {
  const passkey = new SoftPasskey(HERE);
  const { options: made } = await options('/api/auth/factors/passkeys/options', person);
  const added = await post(server.app, '/api/auth/factors/passkeys', person, { name, passkey: passkey.register(made) });
  expect(added.statusCode, added.body).toBe(200);
  return passkey;
}

async function signInAlone(passkey: SoftPasskey, ceremony = {}) {
  const { options: made, cookie } = await options('/api/auth/passkey/sign-in-options', null);
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/passkey/sign-in',
    headers: { 'content-type': 'application/json', cookie, ...SAME_SITE },
    payload: JSON.stringify({ passkey: passkey.assert(made, ceremony) }),
  });
}

async function pending(name: string): Promise<Person> {
  const response = await signInRequest(server.app, name);
  const { session } = response.json() as { session: { csrfToken: string; secondFactor: string } };
  expect(session.secondFactor).toBe('pending');
  return personFrom(name, sessionCookieOf(response), session.csrfToken);
}

async function secondStep(person: Person, passkey: SoftPasskey, ceremony = {}) {
  const { options: made } = await options('/api/auth/passkey/options', person);
  return post(server.app, '/api/auth/second-factor', person, { passkey: passkey.assert(made, ceremony) });
}

const listed = async (person: Person) =>
  (await server.app.inject({ method: 'GET', url: '/api/auth/factors', headers: person.reading })).json().factors
    .passkeys as { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];

describe('a passkey', () => {
  let pia: Person;
  let laptop: SoftPasskey;

  it('is added with a name: a resident key verifying the person, its challenge answered once, audited', async () => {
    pia = await signIn(server.app, 'pia');
    const { options: made } = await options('/api/auth/factors/passkeys/options', pia);
    expect(made.rp.id).toBe('localhost');
    expect(made.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    laptop = new SoftPasskey(HERE);
    const answer = laptop.register(made);
    const added = await post(server.app, '/api/auth/factors/passkeys', pia, { name: ' Laptop ', passkey: answer });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().factors.passkeys).toEqual([
      { id: laptop.id, name: 'Laptop', createdAt: now.toISOString(), lastUsedAt: null },
    ]);
    const again = await post(server.app, '/api/auth/factors/passkeys', pia, { name: 'Again', passkey: answer });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('badPasskey');
    const audit = await server.sql.all<{ subject: string }>(
      "SELECT subject FROM access_audit WHERE action = 'passkeyAdded'",
    );
    expect(audit).toEqual([{ subject: 'pia' }]);
    // Another passkey is made with the first excluded; and is named anew.
    const { options: second } = await options('/api/auth/factors/passkeys/options', pia);
    expect(JSON.stringify(second)).toContain(laptop.id);
    const rename = (name: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/auth/factors/passkeys/${laptop.id}`,
        headers: { ...pia.changing, 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      });
    expect((await rename('Work laptop')).json().factors.passkeys[0].name).toBe('Work laptop');
    // The rename is audited as adding and removing are, with the name before and after; the same name again is no change.
    expect((await rename(' Work laptop ')).statusCode).toBe(200);
    const renames = await server.sql.all<{ actor: string; subject: string; detail: unknown }>(
      "SELECT actor, subject, detail FROM access_audit WHERE action = 'passkeyRenamed'",
    );
    // SQLite keeps the detail as text, PostgreSQL as jsonb.
    const detailOf = (detail: unknown) => (typeof detail === 'string' ? (JSON.parse(detail) as unknown) : detail);
    expect(renames.map(({ actor, subject, detail }) => ({ actor, subject, detail: detailOf(detail) }))).toEqual([
      { actor: 'pia', subject: 'pia', detail: { name: { from: 'Laptop', to: 'Work laptop' } } },
    ]);
  });

  it('refuses an answer made for another site, another relying party, without verification', async () => {
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { origin: 'https://evil.example', rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      // Each refusal counts as a wrong password (the lock, below); the right password clears this address's count.
      expect((await signInRequest(server.app, 'pia')).statusCode).toBe(200);
      const { options: made } = await options('/api/auth/factors/passkeys/options', pia);
      const passkey = new SoftPasskey({ ...HERE, ...ceremony });
      const refused = await post(server.app, '/api/auth/factors/passkeys', pia, {
        name: 'Stranger',
        passkey: passkey.register(made),
      });
      expect(refused.statusCode, JSON.stringify(ceremony)).toBe(400);
      const signingIn = await signInAlone(laptop, ceremony);
      expect(signingIn.statusCode, JSON.stringify(ceremony)).toBe(401);
      expect(signingIn.json().msg).toBe('badPasskey');
    }
    expect(await listed(pia)).toHaveLength(1);
  });

  it('signs in alone: no code follows, the challenge is used once, bound to its browser and brief', async () => {
    later(MINUTE);
    const response = await signInAlone(laptop);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session).toMatchObject({ name: 'pia', secondFactor: 'done' });
    const signedIn = personFrom('pia', sessionCookieOf(response), response.json().session.csrfToken as string);
    expect((await listed(signedIn))[0]!.lastUsedAt).toBe(now.toISOString());

    const { options: made, cookie } = await options('/api/auth/passkey/sign-in-options', null);
    const answer = laptop.assert(made);
    const send = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/passkey/sign-in',
        headers: { 'content-type': 'application/json', ...SAME_SITE, ...headers },
        payload: JSON.stringify({ passkey: answer }),
      });
    // Another browser, without the attempt's cookie, cannot use the challenge.
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ cookie })).statusCode).toBe(200);
    expect((await send({ cookie })).statusCode).toBe(401);

    const { options: old, cookie: oldCookie } = await options('/api/auth/passkey/sign-in-options', null);
    later(6 * MINUTE);
    const late = await server.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/sign-in',
      headers: { 'content-type': 'application/json', cookie: oldCookie, ...SAME_SITE },
      payload: JSON.stringify({ passkey: laptop.assert(old) }),
    });
    expect(late.statusCode).toBe(401);
  });

  it('refuses a counter that went back, as a cloned passkey would show', async () => {
    laptop.counter = 1;
    expect((await signInAlone(laptop)).statusCode).toBe(401);
    laptop.counter = 100;
    expect((await signInAlone(laptop)).statusCode).toBe(200);
  });

  it('is the second step after the password, its challenge bound to the session', async () => {
    const step = await pending('pia');
    const { options: made } = await options('/api/auth/passkey/options', step);
    expect(made.allowCredentials?.map((credential) => credential.id)).toEqual([laptop.id]);
    const machines = () => server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: step.reading });
    expect((await machines()).statusCode).toBe(403);
    const answer = laptop.assert(made);
    // Another session cannot answer with this session's challenge.
    const other = await pending('pia');
    expect((await post(server.app, '/api/auth/second-factor', other, { passkey: answer })).statusCode).toBe(401);
    const given = await post(server.app, '/api/auth/second-factor', step, { passkey: answer });
    expect(given.statusCode, given.body).toBe(200);
    const next = personFrom('pia', sessionCookieOf(given), given.json().session.csrfToken as string);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: next.reading })).statusCode,
    ).toBe(200);
    // A passkey of another person is not this person's second step.
    const lou = await signIn(server.app, 'lou');
    const lous = await addPasskey(lou, 'Phone');
    expect((await secondStep(await pending('pia'), lous)).statusCode).toBe(401);
  });

  it('is a fresh proof for a step-up, and its removal needs one; removal is audited', async () => {
    later(11 * MINUTE);
    const pia2 = await pending('pia');
    const given = await secondStep(pia2, laptop);
    const person = personFrom('pia', sessionCookieOf(given), given.json().session.csrfToken as string);
    later(11 * MINUTE);
    const remove = () =>
      server.app.inject({ method: 'DELETE', url: `/api/auth/factors/passkeys/${laptop.id}`, headers: person.changing });
    const stale = await remove();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().msg).toBe('stepUpRequired');
    const { options: made } = await options('/api/auth/passkey/options', person);
    const wrong = await post(server.app, '/api/auth/step-up', person, {
      passkey: laptop.assert(made, { origin: 'https://evil.example' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('badPasskey');
    const { options: again } = await options('/api/auth/passkey/options', person);
    const steppedUp = await post(server.app, '/api/auth/step-up', person, { passkey: laptop.assert(again) });
    expect(steppedUp.statusCode, steppedUp.body).toBe(200);
    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().factors.passkeys).toEqual([]);
    expect(
      await server.sql.all("SELECT subject, detail FROM access_audit WHERE action = 'passkeyRemoved'"),
    ).toHaveLength(1);
    expect((await signInAlone(laptop)).statusCode).toBe(401);
  });
});

describe('the lock', () => {
  it('counts refused passkeys as wrong passwords: five lock the name, and then its passkey too', async () => {
    const phone = await addPasskey(await signIn(server.app, 'kim'), 'Phone');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await signInAlone(phone, { origin: 'https://evil.example' })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const locked = await signInAlone(phone);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toBe('accountLocked');
    later(16 * MINUTE);
    expect((await signInAlone(phone)).statusCode).toBe(200);
  });
});

describe('the lock on adding one', () => {
  it('counts refused registrations as wrong passwords: five lock the name, its password and a good passkey too', async () => {
    later(16 * MINUTE);
    const ren = await signIn(server.app, 'ren');
    const register = async (passkey: SoftPasskey) => {
      const { options: made } = await options('/api/auth/factors/passkeys/options', ren);
      const answer = await post(server.app, '/api/auth/factors/passkeys', ren, {
        name: 'Phone',
        passkey: passkey.register(made),
      });
      return `${answer.statusCode} ${answer.json().msg ?? ''}`.trim();
    };
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(await register(new SoftPasskey({ ...HERE, origin: 'https://evil.example' })));
    expect(answers).toEqual([...Array<string>(4).fill('400 badPasskey'), '429 accountLocked']);
    expect(await register(new SoftPasskey(HERE))).toBe('429 accountLocked');
    const password = await signInRequest(server.app, 'ren');
    expect(password.statusCode).toBe(429);
    expect(password.json().msg).toBe('accountLocked');
    expect(await server.engine.passkeys.list('ren')).toEqual([]);
    later(16 * MINUTE);
    await addPasskey(await signIn(server.app, 'ren'), 'Phone');
    expect(await server.engine.passkeys.list('ren')).toHaveLength(1);
  });
});

describe('the policy and a reset', () => {
  it('counts a passkey as a second factor: enrolment ends with one, and the last cannot be removed', async () => {
    await server.engine.setMeta(FACTOR_POLICY_META_KEY, 'everyone');
    try {
      const response = await signInRequest(server.app, 'val');
      expect(response.json().session.secondFactor).toBe('enrol');
      const val = personFrom('val', sessionCookieOf(response), response.json().session.csrfToken as string);
      const key = await addPasskey(val, 'Key');
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: val.reading })).statusCode,
      ).toBe(200);
      const last = await server.app.inject({
        method: 'DELETE',
        url: `/api/auth/factors/passkeys/${key.id}`,
        headers: val.changing,
      });
      expect(last.statusCode).toBe(409);
      expect(last.json().msg).toBe('factorRequired');
    } finally {
      await server.engine.setMeta(FACTOR_POLICY_META_KEY, 'none');
    }
  });

  it("goes with an admin's reset of a person's factors", async () => {
    const ada = await signIn(server.app, 'ada');
    expect(await server.engine.passkeys.list('val')).toHaveLength(1);
    const reset = await post(server.app, '/api/operator/people/val/factors/reset', ada);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await server.engine.passkeys.list('val')).toEqual([]);
  });
});

describe('the relying party', () => {
  it('is RVM_PUBLIC_ORIGIN behind a proxy; unset, the request itself only on localhost', () => {
    const origin = 'https://rvm.example.org';
    expect(relyingParty(origin, { protocol: 'http', host: '10.0.0.5:8080' })).toEqual({
      id: 'rvm.example.org',
      origin,
    });
    expect(relyingParty(null, { protocol: 'http', host: 'localhost:5173' })).toEqual({
      id: 'localhost',
      origin: 'http://localhost:5173',
    });
    expect(relyingParty(null, { protocol: 'http', host: '127.0.0.1:8080' })).toBeNull();
    expect(relyingParty(null, { protocol: 'https', host: 'rvm.example.org' })).toBeNull();
    expect(relyingParty(null, { protocol: 'http', host: 'bad host' })).toBeNull();
  });

  it('refuses passkeys on a console not at its origin', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/passkey/sign-in-options',
      headers: { ...SAME_SITE, host: 'rvm.example.org' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().msg).toBe('passkeyUnavailable');
  });
});
