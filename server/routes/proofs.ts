import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { CODE_FIELD } from '../../shared/contract/factors';
import { DEVICE_LIFE_MS } from '../accounts/signInDevice';
import { agentSummary } from '../accounts/userAgent';
import type { Refusal, SignInGate } from '../auth/signIn';
import { ApiError } from '../errors';
import type { SecondFactors } from '../auth/secondFactors';
import type { Access } from '../security/access';
import { carriesCsrfToken, fromThisSite } from '../security/csrf';
import { readDeviceCookie, readSessionCookie, setDeviceCookie, setSessionCookie } from '../security/sessionCookie';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, SESSION_ANSWER, sessionOf } from './authSchemas';
import { CODE_REFUSALS, OWN_FACTOR_REFUSALS, SESSION_ONLY } from './factorSchemas';
import { challengeKey, type Passkeys } from '../auth/passkeys';
import type { ServerConfig } from '../config';
import { asAssertion, PASSKEY_ASSERTION, PASSKEY_UNAVAILABLE, relyingPartyOf } from './passkeySchemas';
import { route } from './route';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from './signIn';

const ONE_MINUTE_MS = 60 * 1000;

/**
 * Answers a refused code: 429 while the name is locked, else badCode with `status` (401 at sign-in; 400 for a person
 * signed in, whose console must not take it for a session that ended); logged without the code.
 */
export function refuseCode(request: FastifyRequest, account: string, refusal: Refusal | null, status = 401): never {
  if (refusal && refusal.outcome !== 'badCredentials') {
    request.log.warn({ account, address: request.ip }, `code refused: ${refusal.outcome}`);
    throw new ApiError(429, refusal.outcome, { retryAfterSeconds: refusal.retryAfterSeconds });
  }
  request.log.info({ account, address: request.ip }, 'code refused');
  throw new ApiError(status, 'badCode');
}

const STEP_UP_BODY = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: { password: { type: 'string', maxLength: 1024 }, code: CODE_FIELD, passkey: PASSKEY_ASSERTION },
} as const;

/** The second step: a code, or a passkey's answer to the session's challenge (passkeyOptions). */
const SECOND_STEP_BODY = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: { code: CODE_FIELD, passkey: PASSKEY_ASSERTION },
} as const;

export const PROOF_SCHEMAS = {
  secondFactor: {
    operationId: 'giveSecondFactor',
    tags: ['auth'],
    summary: 'The second step of signing in: a one-time code, a recovery code or a passkey',
    description:
      'After a sign-in whose session says `secondFactor: pending`: a code of the authenticator app (each accepted ' +
      'once: not again in its 30-second window), an unused recovery code (used up), or `passkey`, the answer of one ' +
      "of the person's passkeys to passkeyOptions' challenge. The session goes on under a new id and CSRF token. A " +
      'wrong code or passkey counts as a wrong password, and the same locks hold it.',
    security: SESSION_ONLY,
    body: SECOND_STEP_BODY,
    response: {
      200: SESSION_ANSWER,
      400: consoleErrorAnswer('badRequest: the session is past this step, or the body is not a code nor a passkey'),
      403: consoleErrorAnswer('csrfRejected'),
      ...CODE_REFUSALS,
      ...PASSKEY_UNAVAILABLE,
      ...SERVER_ERRORS,
    },
  },
  stepUp: {
    operationId: 'stepUp',
    tags: ['auth'],
    summary: 'Proves again who is signed in, before an admin act',
    description:
      'The password, a code of the authenticator app or a recovery code, or a passkey: admin acts (people, roles, tokens, ' +
      'webhooks, alert rules, the factor policy) are answered 403 stepUpRequired unless this was done in the last ' +
      'RVM_STEP_UP_MIN minutes (10 unless set). A wrong one counts as a wrong password. Tokens never need it.',
    security: SESSION_ONLY,
    body: STEP_UP_BODY,
    response: {
      200: SESSION_ANSWER,
      ...OWN_FACTOR_REFUSALS,
      ...CODE_REFUSALS,
      400: consoleErrorAnswer(
        'badCredentials: not the password; badCode: not a code; badPasskey: not a passkey of this person for the ' +
          "session's challenge; badRequest: none given",
      ),
      ...PASSKEY_UNAVAILABLE,
    },
  },
} as const;

interface Deps {
  access: Access;
  gate: SignInGate;
  factors: SecondFactors;
  passkeys: Passkeys;
  config: ServerConfig;
}

/** A passkey's answer to the challenge the session was given (passkeyOptions), counted as a password is. */
function passkeyProof(passkeys: Passkeys, config: ServerConfig, request: FastifyRequest) {
  if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
  const { account, session } = request.identity.signedIn;
  const rp = relyingPartyOf(config.publicOrigin, request);
  const browser = { address: request.ip, device: readDeviceCookie(request) };
  return (passkey: unknown) =>
    passkeys.verify(account.name, asAssertion(passkey), rp, challengeKey('session', session.idHash), browser);
}

/** Answers a refused passkey as refuseCode does a code: 429 while the name is locked, else badPasskey. */
export function refusePasskey(request: FastifyRequest, account: string, refusal: Refusal, status = 401): never {
  if (refusal.outcome === 'badCredentials') {
    request.log.info({ account, address: request.ip }, 'passkey refused');
    throw new ApiError(status, 'badPasskey');
  }
  return refuseCode(request, account, refusal, status);
}

/** The proofs of who is signed in after the password: the second step of signing in, and a step-up. */
export function proofRoutes({ access, gate, factors, passkeys, config }: Deps) {
  const rateLimit = { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS };
  return {
    secondFactor: route<{ Body: FromSchema<typeof SECOND_STEP_BODY> }>({
      schema: PROOF_SCHEMAS.secondFactor,
      bodyLimit: 64 * 1024,
      config: { rateLimit },
      // The route guard refuses a session between its two steps: this one checks the session itself.
      preParsing: async (request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        const identity = await access.identify(request, reply);
        if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        if (!fromThisSite(request) || !carriesCsrfToken(request, identity.signedIn.session.csrfToken)) {
          throw new ApiError(403, 'csrfRejected');
        }
        if (identity.signedIn.session.secondFactor !== 'pending') throw new ApiError(400, 'badRequest');
        return payload;
      },
      handler: async (request, reply) => {
        if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        const { account } = request.identity.signedIn;
        const browser = { address: request.ip, device: readDeviceCookie(request) };
        const { code, passkey } = request.body;
        if (passkey !== undefined) {
          const refusal = await passkeyProof(passkeys, config, request)(passkey);
          if (refusal) refusePasskey(request, account.name, refusal);
        } else {
          const refusal = await factors.verify(account.name, code ?? '', browser);
          if (refusal) refuseCode(request, account.name, refusal);
        }
        // Signed in now: a new id and CSRF token (ASVS 3.2.1), whatever the first step's were.
        const previous = readSessionCookie(request);
        if (previous !== undefined) await access.sessions.end(previous);
        const { id, session } = await access.sessions.start(
          account,
          request.ip,
          agentSummary(request.headers['user-agent']),
        );
        setSessionCookie(request, reply, id);
        setDeviceCookie(request, reply, await gate.rememberBrowser(account.name, browser.device), DEVICE_LIFE_MS);
        request.log.info({ account: account.name, address: request.ip }, 'signed in with a second factor');
        return { success: true, session: sessionOf(session, account) };
      },
    }),

    stepUp: route<{ Body: FromSchema<typeof STEP_UP_BODY> }>({
      schema: PROOF_SCHEMAS.stepUp,
      bodyLimit: 64 * 1024,
      config: { rateLimit },
      handler: async (request) => {
        if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        const { account, session } = request.identity.signedIn;
        const { password, code, passkey } = request.body;
        const browser = { address: request.ip, device: readDeviceCookie(request) };
        if (passkey !== undefined) {
          const refusal = await passkeyProof(passkeys, config, request)(passkey);
          if (refusal) refusePasskey(request, account.name, refusal, 400);
        } else if (password !== undefined) {
          const refusal = await gate.confirmPassword(account, password, browser);
          if (refusal?.outcome === 'badCredentials') throw new ApiError(400, 'badCredentials');
          if (refusal) refuseCode(request, account.name, refusal);
        } else {
          const refusal = await factors.verify(account.name, code ?? '', browser);
          if (refusal) refuseCode(request, account.name, refusal, 400);
        }
        const proved = await access.sessions.proved(session, session.secondFactor);
        return { success: true, session: sessionOf(proved, account) };
      },
    }),
  };
}
