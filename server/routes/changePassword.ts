import { DEVICE_LIFE_MS } from '../accounts/signInDevice';
import { agentSummary } from '../accounts/userAgent';
import type {} from '@fastify/rate-limit';
import type { FromSchema } from 'json-schema-to-ts';
import type { Clock } from '../accounts/clock';
import { commonPasswords } from '../accounts/commonPasswords';
import { newPasswordProblem } from '../accounts/password';
import { hashPassword } from '../accounts/passwordHash';
import type { SignInGate } from '../auth/signIn';
import type { AccessAuditStore, AccessChange } from '../db/accessAudit';
import type { AccountStore } from '../db/accountStore';
import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { carriesCsrfToken, fromThisSite } from '../security/csrf';
import { readDeviceCookie, setDeviceCookie, setSessionCookie } from '../security/sessionCookie';
import { SERVER_ERRORS } from './apiSchemas';
import {
  consoleErrorAnswer,
  PROBLEMS,
  RETRY_AFTER_SECONDS,
  SESSION_ANSWER,
  SESSION_COOKIE_SCHEME,
  sessionOf,
} from './authSchemas';
import { SIGN_IN_RATE_LIMIT_PER_MINUTE } from './signIn';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;

const PASSWORD_BODY = {
  type: 'object',
  required: ['current', 'next'],
  additionalProperties: false,
  properties: {
    current: { type: 'string', maxLength: 1024 },
    next: { type: 'string', maxLength: 1024 },
  },
} as const;

export const CHANGE_PASSWORD_SCHEMA = {
  operationId: 'changePassword',
  tags: ['auth'],
  summary: 'A person chooses a new password',
  description:
    'The current password first (a wrong one counts as a failed sign-in); then every session of the account ends, ' +
    'and this one goes on under a new id and a new CSRF token. A new password has 12 to 128 characters, any ' +
    'printable Unicode, and is neither the name nor the current one.',
  security: [{ [SESSION_COOKIE_SCHEME]: [] }],
  body: PASSWORD_BODY,
  response: {
    200: SESSION_ANSWER,
    400: consoleErrorAnswer(
      'passwordRejected: `problems` names the field (current: code wrong; next: tooShort {min}, tooLong {max}, ' +
        'notPrintable, sameAsName, sameAsCurrent, tooCommon); badRequest: not JSON, or not two passwords',
      PROBLEMS,
    ),
    401: consoleErrorAnswer('unauthorized: no session, or it has ended'),
    403: consoleErrorAnswer('csrfRejected: without the session’s x-csrf-token, or from another site'),
    429: consoleErrorAnswer(
      'accountLocked, tooManyAttempts: too many wrong passwords (retryAfterSeconds); tooManyRequests: over the rate limit',
      RETRY_AFTER_SECONDS,
    ),
    ...SERVER_ERRORS,
  },
} as const;

export interface ChangePasswordDeps {
  access: Access;
  gate: SignInGate;
  /** The accounts, and where a person's own new password is recorded (never the password). */
  engine: { accounts: AccountStore; accessAudit: AccessAuditStore };
  clock: Clock;
}

export function changePasswordRoutes({ access, gate, engine, clock }: ChangePasswordDeps) {
  const { accounts } = engine;
  const audit = (change: AccessChange) => engine.accessAudit.record(change);
  return {
    changePassword: route<{ Body: FromSchema<typeof PASSWORD_BODY> }>({
      schema: CHANGE_PASSWORD_SCHEMA,
      bodyLimit: 4096,
      config: { rateLimit: { max: SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
      preParsing: async (request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        const identity = await access.identify(request, reply);
        if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        if (!fromThisSite(request) || !carriesCsrfToken(request, identity.signedIn.session.csrfToken)) {
          throw new ApiError(403, 'csrfRejected');
        }
        if (identity.signedIn.session.secondFactor === 'pending') throw new ApiError(403, 'secondFactorRequired');
        return payload;
      },
      handler: async (request, reply) => {
        const { identity } = request;
        if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
        const { account } = identity.signedIn;
        const { current, next } = request.body;
        const browser = { address: request.ip, device: readDeviceCookie(request) };
        const refusal = await gate.confirmPassword(account, current, browser);
        if (refusal && refusal.outcome !== 'badCredentials') {
          throw new ApiError(429, refusal.outcome, { retryAfterSeconds: refusal.retryAfterSeconds });
        }
        const nextProblem = newPasswordProblem(next, account.name, current, await commonPasswords());
        const problems = [
          ...(refusal ? [{ field: 'current', code: 'wrong', params: {} }] : []),
          ...(nextProblem ? [{ field: 'next', ...nextProblem }] : []),
        ];
        if (problems.length > 0) throw new ApiError(400, 'passwordRejected', { problems });

        const changed = await accounts.update(
          account.name,
          {
            passwordHash: await hashPassword(next),
            passwordChangedAt: clock().toISOString(),
            mustChangePassword: false,
          },
          { endSessions: true },
        );
        if (!changed) throw new ApiError(401, 'unauthorized');
        // The new session is where the old one was: a person the policy asks to enrol still must.
        const { id, session } = await access.sessions.start(
          changed,
          request.ip,
          agentSummary(request.headers['user-agent']),
          identity.signedIn.session.secondFactor,
        );
        setSessionCookie(request, reply, id);
        // A new password forgets the browsers the name signed in from, but this one has just proved it.
        setDeviceCookie(request, reply, await gate.rememberBrowser(account.name, browser.device), DEVICE_LIFE_MS);
        await audit({
          at: clock().toISOString(),
          actor: account.name,
          actorKind: 'person',
          address: request.ip,
          action: 'passwordChanged',
          subject: account.name,
          detail: {},
        });
        request.log.info({ account: account.name }, 'password changed; the other sessions ended');
        return { success: true, session: sessionOf(session, changed) };
      },
    }),
  };
}
