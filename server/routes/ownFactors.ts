import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import {
  OWN_FACTORS_ANSWER_SCHEMA,
  RECOVERY_CODES_ANSWER_SCHEMA,
  TOTP_ENROLMENT_ANSWER_SCHEMA,
} from '../../shared/contract/factors';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import type { ServerConfig } from '../config';
import { relyingParty } from '../auth/passkeys';
import { ApiError } from '../errors';
import { policyRequires, type SecondFactors } from '../auth/secondFactors';
import type { Access } from '../security/access';
import { readDeviceCookie } from '../security/sessionCookie';
import { changeRecorder } from './accessChange';
import { consoleErrorAnswer } from './authSchemas';
import { CODE_BODY, CODE_REFUSALS, OWN_FACTOR_REFUSALS, SESSION_ONLY } from './factorSchemas';
import { refuseCode } from './proofs';
import { route } from './route';

export const OWN_FACTOR_SCHEMAS = {
  list: {
    operationId: 'getOwnFactors',
    tags: ['auth'],
    summary: "The signed-in person's second factors",
    description:
      'The authenticator app set up (when, last used), the passkeys (names, when added and last used), how many recovery codes are left, whether the policy asks ' +
      'this person for a second factor, and whether the server can set one up. Answers a person the policy asks to ' +
      'enrol too.',
    security: SESSION_ONLY,
    response: { 200: { description: 'The factors', ...OWN_FACTORS_ANSWER_SCHEMA }, ...OWN_FACTOR_REFUSALS },
  },
  beginTotp: {
    operationId: 'beginTotp',
    tags: ['auth'],
    summary: 'Begins setting up an authenticator app',
    description:
      'A new secret, sealed in the database under RVM_FACTOR_KEY: answered once, in base32 and as the otpauth:// ' +
      'URI a QR code carries. Not in use until its first code confirms it (confirmTotp); beginning again replaces ' +
      'one not confirmed. Needs a fresh step-up.',
    security: SESSION_ONLY,
    response: {
      200: { description: 'The secret to give the app', ...TOTP_ENROLMENT_ANSWER_SCHEMA },
      409: consoleErrorAnswer('factorEnrolled: an app is set up already (remove it first)'),
      503: consoleErrorAnswer('factorKeyMissing: the server has no RVM_FACTOR_KEY'),
      ...OWN_FACTOR_REFUSALS,
    },
  },
  confirmTotp: {
    operationId: 'confirmTotp',
    tags: ['auth'],
    summary: 'Confirms the authenticator app with its first code, and answers ten recovery codes',
    description:
      'The first code of the app begun with beginTotp: the app is in use from now on, and asked for at every ' +
      'sign-in. Answers ten recovery codes, each accepted once instead of a code, shown this once (the server ' +
      'keeps only salted hashes). A wrong code counts as a wrong password. Audited.',
    security: SESSION_ONLY,
    body: CODE_BODY,
    response: {
      200: { description: 'The recovery codes', ...RECOVERY_CODES_ANSWER_SCHEMA },
      ...OWN_FACTOR_REFUSALS,
      ...CODE_REFUSALS,
      400: consoleErrorAnswer('badCode: not the code of the app begun; badRequest: no code'),
    },
  },
  removeTotp: {
    operationId: 'removeTotp',
    tags: ['auth'],
    summary: 'Removes the authenticator app and its recovery codes',
    description:
      'Not while the policy asks this person for a second factor and they have no passkey. Needs a fresh step-up. ' +
      'Audited.',
    security: SESSION_ONLY,
    response: {
      200: { description: 'Removed', ...OWN_FACTORS_ANSWER_SCHEMA },
      409: consoleErrorAnswer('factorRequired: the policy asks this person for a second factor'),
      ...OWN_FACTOR_REFUSALS,
    },
  },
  renewRecoveryCodes: {
    operationId: 'renewRecoveryCodes',
    tags: ['auth'],
    summary: 'Ten new recovery codes in place of the others',
    description: 'The codes before no longer work. Needs a fresh step-up. Audited.',
    security: SESSION_ONLY,
    response: {
      200: { description: 'The new codes', ...RECOVERY_CODES_ANSWER_SCHEMA },
      404: consoleErrorAnswer('notFound: no authenticator app is set up'),
      ...OWN_FACTOR_REFUSALS,
    },
  },
} as const;

interface Deps {
  access: Access;
  engine: Engine;
  factors: SecondFactors;
  config: ServerConfig;
  clock: Clock;
}

/** A person's own second factors (decision 0068); the table declares which need a step-up. */
export function ownFactorRoutes({ access, engine, factors, config, clock }: Deps) {
  const audit = changeRecorder(engine.accessAudit, clock);
  const signedIn = (request: FastifyRequest) => {
    if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
    return request.identity.signedIn;
  };
  const passkeysHere = (request: FastifyRequest) => relyingParty(config.publicOrigin, request) !== null;
  return {
    list: route({
      schema: OWN_FACTOR_SCHEMAS.list,
      handler: async (request) => ({
        success: true,
        factors: await factors.ownFactors(signedIn(request).account, passkeysHere(request)),
      }),
    }),

    beginTotp: route({
      schema: OWN_FACTOR_SCHEMAS.beginTotp,
      handler: async (request) => {
        const begun = await factors.beginTotp(signedIn(request).account.name);
        if (begun === 'factorKeyMissing') throw new ApiError(503, begun);
        if (begun === 'factorEnrolled') throw new ApiError(409, begun);
        return { success: true, enrolment: begun };
      },
    }),

    confirmTotp: route<{ Body: FromSchema<typeof CODE_BODY> }>({
      schema: OWN_FACTOR_SCHEMAS.confirmTotp,
      bodyLimit: 4096,
      handler: async (request) => {
        const { account, session } = signedIn(request);
        const client = { address: request.ip, device: readDeviceCookie(request) };
        const codes = await factors.confirmTotp(account.name, request.body.code, client);
        if (codes === null || !Array.isArray(codes)) refuseCode(request, account.name, codes, 400);
        // A person the policy held at enrolment may now use the console.
        if (session.secondFactor === 'enrol') await access.sessions.proved(session, 'done');
        await audit(request, 'totpEnrolled', account.name, {});
        return { success: true, recoveryCodes: codes };
      },
    }),

    removeTotp: route({
      schema: OWN_FACTOR_SCHEMAS.removeTotp,
      handler: async (request) => {
        const { account } = signedIn(request);
        // A passkey is a second factor too: with one, the app may go.
        const lastFactor = (await engine.passkeys.list(account.name)).length === 0;
        if (lastFactor && policyRequires(await factors.policy(), account)) throw new ApiError(409, 'factorRequired');
        if (await factors.removeTotp(account.name)) await audit(request, 'totpRemoved', account.name, {});
        return { success: true, factors: await factors.ownFactors(account, passkeysHere(request)) };
      },
    }),

    renewRecoveryCodes: route({
      schema: OWN_FACTOR_SCHEMAS.renewRecoveryCodes,
      handler: async (request) => {
        const { account } = signedIn(request);
        const codes = await factors.renewRecoveryCodes(account.name);
        if (!codes) throw new ApiError(404, 'notFound');
        await audit(request, 'recoveryCodesRenewed', account.name, {});
        return { success: true, recoveryCodes: codes };
      },
    }),
  };
}
