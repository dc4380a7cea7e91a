import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportChallenge } from '../../shared/contract/problemReport';
import { solveReportChallenge } from '../../shared/solveReportChallenge';
import { REPORTS_PER_ADDRESS, REPORTS_PER_MACHINE_PER_HOUR } from '../../server/routes/problemReports';
import { auth, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn } from './people';
import fixtures from './fixtures/machines.json';

/**
 * A visitor's problem report (issue 68), on SQLite and PostgreSQL: stored with a solved challenge, refused with a
 * filled honeypot, a challenge not solved, not signed here, expired or used again, over the limits of an address
 * and of a machine, and with 501 characters of text.
 */

let now = new Date('2099-12-07T08:00:00.000Z');
let server: TestServer;
let addresses = 0;
beforeAll(async () => {
  server = await startSeededTestServer({}, { clock: () => now });
});
afterAll(() => server.close());

const [first, second, third] = fixtures.map((machine) => machine.id);
/** A new client address for each test: the per-address limit of one does not touch another. */
const nextAddress = () => `203.0.113.${++addresses}`;

async function challengeFor(address: string): Promise<ReportChallenge> {
  const answer = await server.app.inject({ method: 'GET', url: '/api/reports/challenge', remoteAddress: address });
  expect(answer.statusCode).toBe(200);
  return answer.json<ReportChallenge>();
}

async function solved(address: string) {
  const challenge = await challengeFor(address);
  return { challenge, number: (await solveReportChallenge(challenge))! };
}

const send = (address: string, body: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/api/reports', remoteAddress: address, payload: body });

const storedRows = () =>
  server.sql.all<{ machine_id: string; district: string; kind: string; text: string; state: string }>(
    'SELECT machine_id, district, kind, text, state FROM problem_reports ORDER BY id',
  );

describe('POST /api/reports', () => {
  it('stores a report with a solved challenge, its text as sent, with the machine district', async () => {
    const address = nextAddress();
    const text = '<img src=x onerror=alert(1)> full since 8:00';
    const answer = await send(address, {
      machineId: first,
      kind: 'fullShownWithRoom',
      text,
      ...(await solved(address)),
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ success: true });
    expect(await storedRows()).toEqual([
      { machine_id: first, district: fixtures[0]!.district, kind: 'fullShownWithRoom', text, state: 'open' },
    ]);
  });

  it('refuses a filled honeypot, and stores nothing', async () => {
    const address = nextAddress();
    const before = (await storedRows()).length;
    const answer = await send(address, {
      machineId: first,
      kind: 'other',
      website: 'spam.example',
      ...(await solved(address)),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, msg: 'badRequest' });
    expect(await storedRows()).toHaveLength(before);
  });

  it('refuses a wrong number, a challenge not signed here, an expired one, and one used already', async () => {
    const address = nextAddress();
    const { challenge, number } = await solved(address);
    const wrong = await send(address, { machineId: second, kind: 'notWorking', challenge, number: number + 1 });
    expect(wrong.statusCode).toBe(400);
    const forged = { ...challenge, signature: 'a'.repeat(64) };
    expect((await send(address, { machineId: second, kind: 'notWorking', challenge: forged, number })).statusCode).toBe(
      400,
    );
    expect((await send(address, { machineId: second, kind: 'notWorking', challenge, number })).statusCode).toBe(201);

    const again = nextAddress();
    const replayed = await send(again, { machineId: second, kind: 'notWorking', challenge, number });
    expect(replayed.statusCode).toBe(400);

    const old = await solved(again);
    now = new Date(now.getTime() + 11 * 60_000);
    expect((await send(again, { machineId: second, kind: 'other', ...old })).statusCode).toBe(400);
  });

  it('refuses a report without a challenge, or of an unknown machine, or with 501 characters', async () => {
    const address = nextAddress();
    expect((await send(address, { machineId: first, kind: 'other' })).statusCode).toBe(400);
    const unknown = await send(address, { machineId: 'NO-SUCH-RVM', kind: 'other', ...(await solved(address)) });
    expect(unknown.statusCode).toBe(404);
    const long = await send(address, {
      machineId: first,
      kind: 'other',
      text: 'x'.repeat(501),
      ...(await solved(address)),
    });
    expect(long.statusCode).toBe(400);
    const fits = await send(nextAddress(), {
      machineId: first,
      kind: 'other',
      text: 'x'.repeat(500),
      ...(await solved(address)),
    });
    expect(fits.statusCode).toBe(201);
  });

  it(`holds one address to ${REPORTS_PER_ADDRESS} reports in 15 minutes`, async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_ADDRESS; i++) {
      statuses.push((await send(address, { machineId: third, kind: 'other', ...(await solved(address)) })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(REPORTS_PER_ADDRESS).fill(201), 429]);
    // Another address is not held by it.
    const other = nextAddress();
    expect((await send(other, { machineId: third, kind: 'other', ...(await solved(other)) })).statusCode).toBe(201);
  });

  it(`keeps ${REPORTS_PER_MACHINE_PER_HOUR} reports of one machine an hour, from any addresses`, async () => {
    now = new Date(now.getTime() + 2 * 60 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_MACHINE_PER_HOUR; i++) {
      const address = nextAddress();
      statuses.push(
        (await send(address, { machineId: first, kind: 'notFoundHere', ...(await solved(address)) })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(REPORTS_PER_MACHINE_PER_HOUR).fill(201), 429]);
    now = new Date(now.getTime() + 61 * 60_000);
    const later = nextAddress();
    expect((await send(later, { machineId: first, kind: 'other', ...(await solved(later)) })).statusCode).toBe(201);
  });
});

describe('GET /api/operator/reports', () => {
  it(
    'lists the open reports newest first, and to a person limited to districts only theirs',
    async () => {
      const all = await server.app.inject({ method: 'GET', url: '/api/operator/reports', headers: auth() });
      expect(all.statusCode).toBe(200);
      const reports = all.json<{ reports: { id: number; machineId: string; district: string; text: string }[] }>()
        .reports;
      expect(reports).toHaveLength((await storedRows()).length);
      expect(reports.map((report) => report.id)).toEqual(reports.map((report) => report.id).sort((a, b) => b - a));
      expect(reports.at(-1)).toMatchObject({ machineId: first, text: '<img src=x onerror=alert(1)> full since 8:00' });

      await addPerson(server.engine, 'sam', 'operator', ['SHA TIN']); // the third machine's
      const sam = await signIn(server.app, 'sam');
      const theirs = await server.app.inject({ method: 'GET', url: '/api/operator/reports', headers: sam.reading });
      const seen = theirs.json<{ reports: { machineId: string }[] }>().reports;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((report) => report.machineId === third)).toBe(true);
    },
    PEOPLE_SETUP_MS,
  );
});
