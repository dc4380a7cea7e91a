import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_RATE_LIMIT_PER_MINUTE } from '../../server/routes/importMachines';
import { OPERATOR_RATE_LIMIT_PER_MINUTE } from '../../server/routes/operator';
import { auth, multipart, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, SAME_SITE, signIn, type Person } from './people';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One PATCH as it reaches the server: from `remoteAddress` (a reverse proxy is one address for everyone). */
const patch = (target: TestServer, headers: Record<string, string>, remoteAddress = '10.0.0.1') =>
  target.app.inject({
    method: 'PATCH',
    url: '/api/operator/machines/RVM-001',
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{"status":"Full"}',
    remoteAddress,
  });

/** Sends PATCHes until one answers 429; the statuses seen before it. */
async function exhaust(target: TestServer, headers: Record<string, string>, remoteAddress?: string) {
  const statuses = new Set<number>();
  for (let i = 0; i <= OPERATOR_RATE_LIMIT_PER_MINUTE; i += 1) {
    const { statusCode } = await patch(target, headers, remoteAddress);
    if (statusCode === 429) return { statuses: [...statuses], after: i };
    statuses.add(statusCode);
  }
  throw new Error(`no 429 after ${OPERATOR_RATE_LIMIT_PER_MINUTE + 1} requests`);
}

describe('the operator API rate limit', () => {
  it('lets the operator through after anonymous traffic from the same address used up its limit', async () => {
    server = await startSeededTestServer();
    expect(await exhaust(server, {})).toEqual({ statuses: [401], after: OPERATOR_RATE_LIMIT_PER_MINUTE });
    expect((await patch(server, {})).statusCode).toBe(429);

    const operator = await patch(server, auth());
    expect(operator.statusCode).toBe(200);
    expect(operator.json()).toMatchObject({ success: true, rvm: { id: 'RVM-001', status: 'Full' } });
  });

  it('limits the operator by its own budget, which anonymous traffic does not share', async () => {
    server = await startSeededTestServer();
    expect(await exhaust(server, auth())).toEqual({ statuses: [200], after: OPERATOR_RATE_LIMIT_PER_MINUTE });
    const limited = await patch(server, auth());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, msg: 'tooManyRequests' });
    // A wrong token is anonymous traffic: its own address budget, untouched by the operator's.
    expect((await patch(server, auth('wrong-token-0123456789'))).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For by default: a client cannot pick a fresh address per request', async () => {
    server = await startSeededTestServer();
    let i = 0;
    const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${(i += 1) % 250}` });
    for (let n = 0; n < OPERATOR_RATE_LIMIT_PER_MINUTE; n += 1) await patch(server, spoofed());
    expect((await patch(server, spoofed())).statusCode).toBe(429);
  });

  it('behind a trusted proxy, counts anonymous traffic by the X-Forwarded-For client address', async () => {
    server = await startSeededTestServer({ trustProxy: ['10.0.0.1'] });
    const client = (address: string) => ({ 'x-forwarded-for': address });
    expect(await exhaust(server, client('203.0.113.7'))).toEqual({
      statuses: [401],
      after: OPERATOR_RATE_LIMIT_PER_MINUTE,
    });
    expect((await patch(server, client('203.0.113.8'))).statusCode).toBe(401);
    expect((await patch(server, client('203.0.113.7'))).statusCode).toBe(429);
    // Only the listed proxy is believed: the same header from anywhere else counts as that address.
    expect((await patch(server, client('203.0.113.9'), '192.0.2.50')).statusCode).toBe(401);
    expect((await patch(server, client('203.0.113.7'), '192.0.2.50')).statusCode).toBe(401);
  });
});

/** A named token made by an admin signed in, as a controller sends it. */
async function namedToken(target: TestServer, admin: Person, name: string): Promise<Record<string, string>> {
  const made = await target.app.inject({
    method: 'POST',
    url: '/api/operator/tokens',
    headers: { 'content-type': 'application/json', ...admin.changing },
    payload: JSON.stringify({ name, role: 'operator' }),
  });
  expect(made.statusCode, made.body).toBe(200);
  return auth((made.json() as { secret: string }).secret);
}

/** A CSV file previewed for import, from `remoteAddress`. */
async function preview(target: TestServer, headers: Record<string, string>, remoteAddress = '10.0.0.1') {
  const form = await multipart({ file: { data: Buffer.from('id\n'), filename: 'fleet.csv', type: 'text/csv' } });
  return target.app.inject({
    method: 'POST',
    url: '/api/operator/import/preview',
    headers: { ...form.headers, ...headers },
    payload: form.payload,
    remoteAddress,
  });
}

describe('each caller its own budget (decision 0061)', () => {
  it(
    "spends no signed-in person's nor named token's budget on anonymous requests from their address",
    async () => {
      server = await startSeededTestServer();
      await addPerson(server.engine, 'ada', 'admin');
      await addPerson(server.engine, 'sam', 'operator');
      const [ada, sam] = (await Promise.all(['ada', 'sam'].map((name) => signIn(server!.app, name)))) as [
        Person,
        Person,
      ];
      const controller = await namedToken(server, ada, 'controller');

      // The red team's probe: 300 anonymous PATCHes from one address, then each caller's own from that address.
      expect(await exhaust(server, {})).toEqual({ statuses: [401], after: OPERATOR_RATE_LIMIT_PER_MINUTE });
      expect((await patch(server, sam.changing)).statusCode).toBe(200);
      expect((await patch(server, controller)).statusCode).toBe(200);
      // A made-up session or token names nobody: it is anonymous, and spends the address's budget.
      expect((await patch(server, { cookie: 'rvm_session=made-up', ...SAME_SITE })).statusCode).toBe(429);
      expect((await patch(server, auth('rvm_madeupmadeupmadeupmadeupmadeupmadeupmadeup'))).statusCode).toBe(429);
    },
    PEOPLE_SETUP_MS,
  );

  it(
    "limits a session by its own budget, which the person's other session and a token do not share",
    async () => {
      server = await startSeededTestServer();
      await addPerson(server.engine, 'ada', 'admin');
      const desk = await signIn(server.app, 'ada');
      const phone = await signIn(server.app, 'ada');
      const controller = await namedToken(server, desk, 'controller');
      expect(await exhaust(server, desk.changing)).toEqual({ statuses: [200], after: OPERATOR_RATE_LIMIT_PER_MINUTE });
      expect((await patch(server, phone.changing)).statusCode).toBe(200);
      expect((await patch(server, controller)).statusCode).toBe(200);
      expect((await patch(server, {})).statusCode).toBe(401);
    },
    PEOPLE_SETUP_MS,
  );

  it(
    'keeps the import preview of a person signed in after anonymous previews used up the address',
    async () => {
      server = await startSeededTestServer();
      await addPerson(server.engine, 'ada', 'admin');
      const ada = await signIn(server.app, 'ada');
      for (let i = 0; i < IMPORT_RATE_LIMIT_PER_MINUTE; i++) expect((await preview(server, {})).statusCode).toBe(401);
      expect((await preview(server, {})).statusCode).toBe(429);
      // Read and answered (a file of no machines is unreadable), not refused by the rate limit.
      const own = await preview(server, ada.changing);
      expect([own.statusCode, (own.json() as { msg: string }).msg]).toEqual([400, 'importUnreadable']);
    },
    PEOPLE_SETUP_MS,
  );
});
