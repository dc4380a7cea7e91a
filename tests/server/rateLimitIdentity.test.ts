import { afterEach, describe, expect, it } from 'vitest';
import { OPERATOR_RATE_LIMIT_PER_MINUTE } from '../../server/routes/operator';
import { auth, startSeededTestServer, type TestServer } from './helpers';

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
