import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { codeAt, fromBase32, stepOf } from '../../server/accounts/totp';
import { personFrom, sessionCookieOf, type Person } from './people';

/** An authenticator app in the server tests: its secret as the enrolment gave it, and codes at any time. */
export interface App {
  secret: Buffer;
  codeAt(at: Date, stepsLater?: number): string;
}

export const appOf = (base32Secret: string): App => {
  const secret = fromBase32(base32Secret);
  return { secret, codeAt: (at, stepsLater = 0) => codeAt(secret, stepOf(at) + stepsLater) };
};

export function post(app: FastifyInstance, url: string, person: Person, body?: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...person.changing, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** Sets up an app for the signed-in person: begun, confirmed with its first code; answers it and its recovery codes. */
export async function enrol(app: FastifyInstance, person: Person, at: Date): Promise<{ app: App; codes: string[] }> {
  const begun = await post(app, '/api/auth/factors/totp', person);
  expect(begun.statusCode, begun.body).toBe(200);
  const totp = appOf((begun.json() as { enrolment: { secret: string } }).enrolment.secret);
  const confirmed = await post(app, '/api/auth/factors/totp/confirm', person, { code: totp.codeAt(at) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { app: totp, codes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The second step of signing in: the session it answers, as a Person, or the refusal. */
export async function giveCode(app: FastifyInstance, pending: Person, code: string) {
  const response = await post(app, '/api/auth/second-factor', pending, { code });
  const person =
    response.statusCode === 200
      ? personFrom(
          pending.name,
          sessionCookieOf(response),
          (response.json() as { session: { csrfToken: string } }).session.csrfToken,
        )
      : null;
  return { response, person };
}
