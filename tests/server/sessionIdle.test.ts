import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn, type Person } from './people';

/**
 * A busy console with a short idle time (issue 63 row 8), on SQLite and PostgreSQL: with RVM_SESSION_IDLE_MIN=1 a
 * session read from every 15 s goes on, and one left alone ends a minute after its last request.
 */

const START = new Date('2099-11-28T08:00:00.000Z');
const SECOND = 1000;
let now = START;

let server: TestServer;
let ann: Person;
beforeAll(async () => {
  server = await startSeededTestServer(
    { sessionIdleMs: 60 * SECOND, sessionAbsoluteMs: 60 * 60 * SECOND },
    { clock: () => now },
  );
  await addPerson(server.engine, 'ann', 'operator');
  ann = await signIn(server.app, 'ann');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

const read = () => server.app.inject({ method: 'GET', url: '/api/operator/machines', headers: ann.reading });

describe('a session with an idle time of one minute', () => {
  it('goes on while the console reads every 15 s, for five minutes, and ends a minute after it stops', async () => {
    for (let seconds = 15; seconds <= 300; seconds += 15) {
      now = new Date(START.getTime() + seconds * SECOND);
      expect((await read()).statusCode, `at ${seconds} s`).toBe(200);
    }
    now = new Date(START.getTime() + 359 * SECOND);
    expect((await read()).statusCode).toBe(200);
    now = new Date(START.getTime() + 420 * SECOND);
    expect((await read()).statusCode).toBe(401);
  });
});
