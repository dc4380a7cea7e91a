import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { challengeKey, newAttemptId, PASSKEY_CHALLENGE_MS, type Passkeys } from '../auth/passkeys';
import type { Sessions } from '../auth/sessions';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { carriesCsrfToken, fromThisSite } from '../security/csrf';
import { addressKey } from '../security/rateLimitKey';
import {
  clearPasskeyAttemptCookie,
  readDeviceCookie,
  readPasskeyAttemptCookie,
  setPasskeyAttemptCookie,
} from '../security/sessionCookie';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, RETRY_AFTER_SECONDS, SESSION_ANSWER, sessionOf } from './authSchemas';
import { SESSION_ONLY } from './factorSchemas';
import {
  asAssertion,
  PASSKEY_ASSERTION,
  PASSKEY_OPTIONS_ANSWER,
  PASSKEY_UNAVAILABLE,
  relyingPartyOf,
} from './passkeySchemas';
import { route } from './route';
import { beginSession, SIGN_IN_RATE_LIMIT_PER_MINUTE } from './signIn';

const ONE_MINUTE_MS = 60 * 1000;

const SIGN_IN_BODY = {
  type: 'object',
  required: ['passkey'],
  additionalProperties: false,
  properties: { passkey: PASSKEY_ASSERTION },
} as const;

const REFUSED = {
  401: consoleErrorAnswer('badPasskey: not a passkey of this site that signs in, or no challenge (used, expired)'),
  429: consoleErrorAnswer(
    'accountLocked, tooManyAttempts: too many wrong passwords, codes or passkeys (retryAfterSeconds); tooManyRequests',
    RETRY_AFTER_SECONDS,
  ),
} as const;

export const PASSKEY_SIGN_IN_SCHEMAS = {
  signInOptions: {
    operationId: 'passkeySignInOptions',
    tags: ['auth'],
    summary: 'A challenge for signing in with a passkey alone',
    description:
      'For any passkey of this site the browser holds (a discoverable credential; user verification required). The ' +
      'challenge is bound to this browser by an HttpOnly cookie (rvm_passkey; __Host-rvm_passkey over TLS), is ' +
      `answered once, within ${PASSKEY_CHALLENGE_MS / 60_000} minutes, and a new one replaces nothing but its own.`,
    response: {
      200: PASSKEY_OPTIONS_ANSWER,
      403: consoleErrorAnswer('csrfRejected: sent from a page of another site'),
      ...PASSKEY_UNAVAILABLE,
      ...SERVER_ERRORS,
    },
  },
  signIn: {
    operationId: 'passkeySignIn',
    tags: ['auth'],
    summary: 'Signs in with a passkey alone',
    description:
      "The browser's answer to passkeySignInOptions' challenge. A passkey verifies the person (PIN or biometrics): " +
      'no code follows. A new session, as signIn makes; a refused passkey counts as a wrong password for its name ' +
      '(an unknown one for the address), and the same locks hold it.',
    body: SIGN_IN_BODY,
    response: {
      200: SESSION_ANSWER,
      400: consoleErrorAnswer('badRequest: not an answer of a passkey'),
      403: consoleErrorAnswer('csrfRejected: sent from a page of another site'),
      ...REFUSED,
      ...PASSKEY_UNAVAILABLE,
      ...SERVER_ERRORS,
    },
  },
  options: {
    operationId: 'passkeyOptions',
    tags: ['auth'],
    summary: "A challenge for one of the signed-in person's passkeys: the second step, or a step-up",
    description:
      'Between the password and the second step, or signed in: a challenge for this person’s own passkeys, bound to ' +
      'the session, answered once (giveSecondFactor or stepUp with `passkey`) within ' +
      `${PASSKEY_CHALLENGE_MS / 60_000} minutes.`,
    security: SESSION_ONLY,
    response: {
      200: PASSKEY_OPTIONS_ANSWER,
      401: consoleErrorAnswer('unauthorized: no session (a token has none)'),
      403: consoleErrorAnswer('csrfRejected'),
      ...PASSKEY_UNAVAILABLE,
      ...SERVER_ERRORS,
    },
  },
} as const;

interface Deps {
  access: Access;
  sessions: Sessions;
  passkeys: Passkeys;
  config: ServerConfig;
}

/** Passkeys as a way in: signing in with one alone, and the challenge of the second step or a step-up. */
export function passkeySignInRoutes({ access, sessions, passkeys, config }: Deps) {
  const rateLimit = { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS, keyGenerator: addressKey };
  const fromThisSiteOnly = async (request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', 'no-store');
    if (!fromThisSite(request)) throw new ApiError(403, 'csrfRejected');
  };
  return {
    signInOptions: route({
      schema: PASSKEY_SIGN_IN_SCHEMAS.signInOptions,
      config: { rateLimit },
      preHandler: fromThisSiteOnly,
      handler: async (request, reply) => {
        const rp = relyingPartyOf(config.publicOrigin, request);
        const attempt = newAttemptId();
        const options = await passkeys.authenticationOptions(rp, challengeKey('attempt', attempt), null);
        setPasskeyAttemptCookie(request, reply, attempt, PASSKEY_CHALLENGE_MS);
        return { success: true, options };
      },
    }),

    signIn: route<{ Body: FromSchema<typeof SIGN_IN_BODY> }>({
      schema: PASSKEY_SIGN_IN_SCHEMAS.signIn,
      bodyLimit: 64 * 1024,
      config: { rateLimit },
      preParsing: async (request, reply, payload) => {
        await fromThisSiteOnly(request, reply);
        return payload;
      },
      handler: async (request, reply) => {
        const rp = relyingPartyOf(config.publicOrigin, request);
        const attempt = readPasskeyAttemptCookie(request);
        clearPasskeyAttemptCookie(request, reply);
        const key = challengeKey('attempt', attempt ?? newAttemptId());
        const browser = { address: request.ip, device: readDeviceCookie(request) };
        const result = await passkeys.signIn(asAssertion(request.body.passkey), rp, key, browser);
        if (result.outcome !== 'signedIn') {
          const tried = { passkey: request.body.passkey.id.slice(0, 16), address: request.ip };
          if (result.outcome === 'badCredentials') {
            request.log.info(tried, 'passkey sign-in refused');
            throw new ApiError(401, 'badPasskey');
          }
          request.log.warn(tried, `passkey sign-in refused: ${result.outcome}`);
          throw new ApiError(429, result.outcome, { retryAfterSeconds: result.retryAfterSeconds });
        }
        const session = await beginSession(request, reply, sessions, result);
        request.log.info({ account: result.account.name, address: request.ip }, 'signed in with a passkey');
        return { success: true, session: sessionOf(session, result.account) };
      },
    }),

    options: route({
      schema: PASSKEY_SIGN_IN_SCHEMAS.options,
      config: { rateLimit },
      // The route guard refuses a session between its two steps: this one checks the session itself.
      preHandler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const identity = await access.identify(request, reply);
        if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        if (!fromThisSite(request) || !carriesCsrfToken(request, identity.signedIn.session.csrfToken)) {
          throw new ApiError(403, 'csrfRejected');
        }
      },
      handler: async (request) => {
        if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        const { account, session } = request.identity.signedIn;
        const rp = relyingPartyOf(config.publicOrigin, request);
        const options = await passkeys.authenticationOptions(rp, challengeKey('session', session.idHash), account.name);
        return { success: true, options };
      },
    }),
  };
}
