import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX } from '../../shared/contract/embedOrigins';
import { sessionIdHash } from '../../server/auth/sessions';
import { ADMIN_TOKEN, makeTempDir, startTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn, type Person } from './people';

/**
 * The host origins an admin allows in the console (issue 68, decision 0073), on SQLite and PostgreSQL: listed beside
 * the deployment's floor, added and removed with a step-up, audited, refused when they are no origin, and in the
 * page's frame-ancestors and runtime config at once.
 */

const FLOOR = 'https://www.example.gov.hk';
const URL = '/api/operator/embed-origins';
const pageDir = makeTempDir();
let server: TestServer;
let ada: Person;
let vic: Person;

beforeAll(async () => {
  fs.writeFileSync(path.join(pageDir, 'index.html'), '<!doctype html><title>map</title>');
  server = await startTestServer({ embedOrigins: [FLOOR], staticDir: pageDir });
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'vic', 'viewer');
  [ada, vic] = await Promise.all([signIn(server.app, 'ada'), signIn(server.app, 'vic')]);
}, PEOPLE_SETUP_MS);
afterAll(async () => {
  await server?.close();
  fs.rmSync(pageDir, { recursive: true, force: true });
});

const list = (person: Person = ada) => server.app.inject({ method: 'GET', url: URL, headers: person.reading });
const add = (origin: unknown, person: Person = ada) =>
  server.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', ...person.changing },
    payload: JSON.stringify({ origin }),
  });
const remove = (origin: string, person: Person = ada) =>
  server.app.inject({ method: 'DELETE', url: `${URL}?origin=${encodeURIComponent(origin)}`, headers: person.changing });

/** The frame-ancestors of the page, and the origins its runtime config names. */
async function framing(): Promise<{ ancestors: string; config: string[] }> {
  const page = await server.app.inject({ method: 'GET', url: '/' });
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const csp = String(page.headers['content-security-policy']);
  const script = (await server.app.inject({ method: 'GET', url: '/runtime-config.js' })).body;
  const config = JSON.parse(script.slice(script.indexOf('{'), script.lastIndexOf('}') + 1)) as {
    embedOrigins: string[];
  };
  return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)![1]!, config: config.embedOrigins };
}

describe('the host origins allowed in the console', () => {
  it('lists the floor alone at first, and the page is framed by it alone', async () => {
    const answer = await list();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, floor: [FLOOR], origins: [] });
    expect(await framing()).toEqual({ ancestors: `'self' ${FLOOR}`, config: [FLOOR] });
  });

  it('adds an origin as typed, audited, and the page is framed by it at once', async () => {
    const answer = await add('  HTTPS://Shop.Example.ORG:8443/ ');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      floor: [FLOOR],
      origins: [{ origin: 'https://shop.example.org:8443', addedBy: 'ada' }],
    });
    expect(await framing()).toEqual({
      ancestors: `'self' ${FLOOR} https://shop.example.org:8443`,
      config: [FLOOR, 'https://shop.example.org:8443'],
    });
    const [entry] = await server.engine.accessAudit.latest(1);
    expect(entry).toMatchObject({
      actor: 'ada',
      actorKind: 'person',
      action: 'embedOriginAdded',
      subject: 'https://shop.example.org:8443',
    });
  });

  it.each([
    ['a path', 'https://example.org/page'],
    ['no scheme', 'example.org'],
    ['another scheme', 'ftp://example.org'],
    ['a directive smuggled in', "https://example.org; script-src 'unsafe-inline'"],
    ['a quote', "https://example.org'"],
    ['two origins', 'https://a.example.org https://b.example.org'],
    ['a port past 65535', 'https://example.org:70000'],
    ['a wildcard in the middle', 'https://a.*.example.org'],
    ['nothing', ''],
    ['a very long host', `https://${'a'.repeat(400)}.org`],
  ])('refuses %s with a clear key and writes nothing', async (_name, origin) => {
    const answer = await add(origin);
    expect([answer.statusCode, answer.json().msg]).toEqual([400, 'embedOriginInvalid']);
    expect((await list()).json().origins).toHaveLength(1);
  });

  it('refuses a body that is not one origin string', async () => {
    for (const body of [{ origin: 3 }, { origin: ['https://a.example.org'] }]) {
      const answer = await add(body.origin);
      expect(answer.statusCode, answer.body).toBe(400);
    }
  });

  it('refuses the same origin twice, and the floor’s, which the console cannot add or remove', async () => {
    const twice = await add('https://shop.example.org:8443');
    expect([twice.statusCode, twice.json().msg]).toEqual([409, 'embedOriginTaken']);
    const floor = await add('https://WWW.example.gov.hk/');
    expect([floor.statusCode, floor.json().msg]).toEqual([409, 'embedOriginInFloor']);
    const removeFloor = await remove(FLOOR);
    expect([removeFloor.statusCode, removeFloor.json().msg]).toEqual([409, 'embedOriginInFloor']);
    expect((await remove('https://never.example.org')).statusCode).toBe(404);
  });

  it('is for admins signed in and stepped up: a viewer, a token and a stale admin are refused', async () => {
    expect((await list(vic)).statusCode).toBe(403);
    expect((await add('https://vic.example.org', vic)).statusCode).toBe(403);
    const byToken = await server.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: JSON.stringify({ origin: 'https://token.example.org' }),
    });
    expect(byToken.statusCode).toBe(403);
    const id = ada.cookie.split('=')[1]!;
    const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await server.sql.run('UPDATE sessions SET step_up_at = ? WHERE id_hash = ?', longAgo, sessionIdHash(id));
    const stale = await add('https://stale.example.org');
    expect([stale.statusCode, stale.json().msg]).toEqual([403, 'stepUpRequired']);
    const staleRemove = await remove('https://shop.example.org:8443');
    expect([staleRemove.statusCode, staleRemove.json().msg]).toEqual([403, 'stepUpRequired']);
    expect((await list()).json().origins).toHaveLength(1);
    ada = await signIn(server.app, 'ada');
  });

  it('removes an origin, audited, and the page is no longer framed by it', async () => {
    const answer = await remove('https://shop.example.org:8443');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true, floor: [FLOOR], origins: [] });
    expect(await framing()).toEqual({ ancestors: `'self' ${FLOOR}`, config: [FLOOR] });
    const [entry] = await server.engine.accessAudit.latest(1);
    expect(entry).toMatchObject({ action: 'embedOriginRemoved', subject: 'https://shop.example.org:8443' });
  });

  it(`keeps at most ${EMBED_ORIGINS_MAX}`, async () => {
    const origins = Array.from({ length: EMBED_ORIGINS_MAX }, (_, i) => `https://host-${i}.example.org`);
    for (const origin of origins) expect((await add(origin)).statusCode).toBe(200);
    const full = await add('https://one-more.example.org');
    expect([full.statusCode, full.json().msg]).toEqual([409, 'embedOriginsFull']);
    expect((await framing()).ancestors.split(' ')).toHaveLength(EMBED_ORIGINS_MAX + 2);
    for (const origin of origins) expect((await remove(origin)).statusCode).toBe(200);
  });
});

describe('with no floor', () => {
  let open: TestServer;
  beforeAll(async () => {
    open = await startTestServer({ embedOrigins: [], staticDir: pageDir });
    await addPerson(open.engine, 'ada', 'admin');
  }, PEOPLE_SETUP_MS);
  afterAll(() => open?.close());

  it('lets any site frame the page until the first origin is added, and again once it is removed', async () => {
    const ancestors = async () =>
      /frame-ancestors ([^;]*)/.exec(
        String((await open.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
      )![1];
    expect(await ancestors()).toBe('*');
    const admin = await signIn(open.app, 'ada');
    const added = await open.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json', ...admin.changing },
      payload: JSON.stringify({ origin: 'https://only.example.org' }),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await ancestors()).toBe("'self' https://only.example.org");
    const removed = await open.app.inject({
      method: 'DELETE',
      url: `${URL}?origin=${encodeURIComponent('https://only.example.org')}`,
      headers: admin.changing,
    });
    expect(removed.statusCode).toBe(200);
    expect(await ancestors()).toBe('*');
  });
});
