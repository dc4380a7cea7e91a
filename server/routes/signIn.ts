import { ACCOUNT_NAME_MAX_LENGTH, normalizeAccountName } from '../accounts/account';
import { DEVICE_LIFE_MS } from '../accounts/signInDevice';
import { agentSummary } from '../accounts/userAgent';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { StoredAccount } from '../accounts/account';
import type { SecondFactorState, SessionRecord } from '../db/accountStore';
import type { SignInGate } from '../auth/signIn';
import type { Sessions } from '../auth/sessions';
import type { SecondFactors } from '../auth/secondFactors';
import { ApiError } from '../errors';
import { fromThisSite } from '../security/csrf';
import { addressKey } from '../security/rateLimitKey';
import { readDeviceCookie, readSessionCookie, setDeviceCookie, setSessionCookie } from '../security/sessionCookie';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, RETRY_AFTER_SECONDS, SESSION_ANSWER, sessionOf } from './authSchemas';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;
/**
 * Each attempt costs an argon2 hash (19 MiB, tens of ms). The counts of failures stop an address after 20, but many
 * requests sent at once all pass the count before the first failure is written: this cap, counted as each request
 * arrives, bounds them.
 */
export const SIGN_IN_RATE_LIMIT_PER_MINUTE = 60;

const SIGN_IN_BODY = {
  type: 'object',
  required: ['name', 'password'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 256 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

export const SIGN_IN_SCHEMA = {
  operationId: 'signIn',
  tags: ['auth'],
  summary: 'A person signs in to the console',
  description:
    'A new session, its id in an HttpOnly, SameSite=Strict cookie (Secure and __Host- prefixed over TLS); any session ' +
    'the request carried ends. An unknown name, a wrong password and a disabled account get the same answer in the ' +
    'same time. Five failures for one name from one address in 15 minutes lock the name for that address (for 15 ' +
    'minutes unless RVM_SIGN_IN_LOCK_SECONDS says otherwise); twenty for one name from addresses it has not signed ' +
    'in from lock it for all of them, but not for a browser it signed in from (its device cookie, rvm_device, kept ' +
    '180 days), which has its own count of five; twenty from one address lock the address. The sign-in records the ' +
    "browser in a few words (for the person's list of sessions); at most " +
    `${SIGN_IN_RATE_LIMIT_PER_MINUTE} attempts a minute per address.`,
  body: SIGN_IN_BODY,
  response: {
    200: SESSION_ANSWER,
    400: consoleErrorAnswer('badRequest: not JSON, or not a name and a password'),
    401: consoleErrorAnswer('badCredentials: the name and password do not sign in'),
    403: consoleErrorAnswer('csrfRejected: sent from a page of another site'),
    415: consoleErrorAnswer('unsupportedMediaType: the body is not application/json'),
    429: consoleErrorAnswer(
      'accountLocked: too many wrong passwords for this name; tooManyAttempts: too many failures from this address ' +
        '(both say when in retryAfterSeconds and Retry-After); tooManyRequests: over the rate limit',
      RETRY_AFTER_SECONDS,
    ),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * A new session for a person who signed in (a password, or a passkey alone), in `state`: a new id at every sign-in,
 * so whatever id the browser had (planted or old) is worth nothing now; and the browser is known to this name from
 * now on (decision 0061), so a lock strangers put on the name does not hold it.
 */
export async function beginSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: Sessions,
  { account, device }: { account: StoredAccount; device: string },
  state: SecondFactorState = 'done',
): Promise<SessionRecord> {
  const previous = readSessionCookie(request);
  if (previous !== undefined) await sessions.end(previous);
  const { id, session } = await sessions.start(account, request.ip, agentSummary(request.headers['user-agent']), state);
  setSessionCookie(request, reply, id);
  setDeviceCookie(request, reply, device, DEVICE_LIFE_MS);
  return session;
}

/** A name tried, as the log keeps it: normalized as an account's, and no longer than one can be. */
const shownName = (name: string): string => [...normalizeAccountName(name)].slice(0, ACCOUNT_NAME_MAX_LENGTH).join('');

interface SignInDeps {
  gate: SignInGate;
  sessions: Sessions;
  factors: SecondFactors;
}

export const signInRoutes = ({ gate, sessions, factors }: SignInDeps) => ({
  signIn: route<{ Body: FromSchema<typeof SIGN_IN_BODY> }>({
    schema: SIGN_IN_SCHEMA,
    bodyLimit: 4096,
    // Counted by address whoever is signed in: a session does not buy more guesses.
    config: { rateLimit: { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS, keyGenerator: addressKey } },
    // Before the body: another site's page cannot sign a visitor in to an account of its choosing.
    preParsing: async (request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      if (!fromThisSite(request)) throw new ApiError(403, 'csrfRejected');
      return payload;
    },
    handler: async (request, reply) => {
      const { name, password } = request.body;
      const result = await gate.signIn(name, password, { address: request.ip, device: readDeviceCookie(request) });
      if (result.outcome !== 'signedIn') {
        // The name tried, as the account would be named, never the password (ASVS 7.1.1, 7.2.1).
        const tried = { name: shownName(name), address: request.ip };
        if (result.outcome === 'badCredentials') {
          request.log.info(tried, 'sign-in refused');
          throw new ApiError(401, 'badCredentials');
        }
        request.log.warn(tried, `sign-in refused: ${result.outcome}`);
        throw new ApiError(429, result.outcome, { retryAfterSeconds: result.retryAfterSeconds });
      }
      // A person with a second factor gives it next (giveSecondFactor); one the policy asks to enrol, enrols.
      const state = await factors.stateAfterPassword(result.account);
      const session = await beginSession(request, reply, sessions, result, state);
      request.log.info({ account: result.account.name, address: request.ip }, 'signed in');
      return { success: true, session: sessionOf(session, result.account) };
    },
  }),
});
