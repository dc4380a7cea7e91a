import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { OWN_FACTORS_ANSWER_SCHEMA, PASSKEY_NAME_FIELD } from '../../shared/contract/factors';
import type { Clock } from '../accounts/clock';
import { challengeKey, PASSKEY_CHALLENGE_MS, relyingParty, type Passkeys } from '../auth/passkeys';
import { policyRequires, type SecondFactors } from '../auth/secondFactors';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { readDeviceCookie } from '../security/sessionCookie';
import { changeRecorder } from './accessChange';
import { consoleErrorAnswer, RETRY_AFTER_SECONDS } from './authSchemas';
import { OWN_FACTOR_REFUSALS, SESSION_ONLY } from './factorSchemas';
import {
  asAttestation,
  PASSKEY_ATTESTATION,
  PASSKEY_OPTIONS_ANSWER,
  PASSKEY_UNAVAILABLE,
  relyingPartyOf,
} from './passkeySchemas';
import { refusePasskey } from './proofs';
import { route } from './route';

const ADD_BODY = {
  type: 'object',
  required: ['name', 'passkey'],
  additionalProperties: false,
  properties: { name: PASSKEY_NAME_FIELD, passkey: PASSKEY_ATTESTATION },
} as const;

const RENAME_BODY = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: PASSKEY_NAME_FIELD },
} as const;

const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 1366, description: 'The passkey’s credential id, base64url' } },
} as const;

const FACTORS_ANSWER = { description: "The person's factors, passkeys among them", ...OWN_FACTORS_ANSWER_SCHEMA };
const NOT_FOUND = { 404: consoleErrorAnswer('notFound: no passkey of this person has that id') } as const;

export const OWN_PASSKEY_SCHEMAS = {
  registrationOptions: {
    operationId: 'passkeyRegistrationOptions',
    tags: ['auth'],
    summary: 'Begins adding a passkey',
    description:
      'A challenge for a new passkey (resident key, user verification required), bound to the session and answered ' +
      `once within ${PASSKEY_CHALLENGE_MS / 60_000} minutes by addPasskey; the person's passkeys are excluded. ` +
      'Needs a fresh step-up.',
    security: SESSION_ONLY,
    response: { 200: PASSKEY_OPTIONS_ANSWER, ...PASSKEY_UNAVAILABLE, ...OWN_FACTOR_REFUSALS },
  },
  add: {
    operationId: 'addPasskey',
    tags: ['auth'],
    summary: 'Adds a passkey, with the name the person gives it',
    description:
      "The browser's answer to passkeyRegistrationOptions' challenge. A passkey is a second factor: from now on the " +
      'password is followed by a passkey or a code, and the policy counts the person as enrolled. Audited.',
    security: SESSION_ONLY,
    body: ADD_BODY,
    response: {
      200: FACTORS_ANSWER,
      ...OWN_FACTOR_REFUSALS,
      400: consoleErrorAnswer(
        'badPasskey: not an answer to the session’s challenge (used, expired, another origin), counted as a wrong ' +
          'password; badRequest: no name',
      ),
      429: consoleErrorAnswer(
        'accountLocked, tooManyAttempts: too many wrong passwords, codes or passkeys (retryAfterSeconds)',
        RETRY_AFTER_SECONDS,
      ),
      ...PASSKEY_UNAVAILABLE,
    },
  },
  rename: {
    operationId: 'renamePasskey',
    tags: ['auth'],
    summary: 'Names one of the person’s passkeys anew',
    description:
      'The name (1 to 64 characters) is how the Security page and the audit tell the passkeys apart. Audited ' +
      '(its name before and after).',
    security: SESSION_ONLY,
    params: ID_PARAMS,
    body: RENAME_BODY,
    response: { 200: FACTORS_ANSWER, ...NOT_FOUND, ...OWN_FACTOR_REFUSALS },
  },
  remove: {
    operationId: 'removePasskey',
    tags: ['auth'],
    summary: 'Removes one of the person’s passkeys',
    description:
      'It no longer signs in. Not the last second factor while the policy asks this person for one. Needs a fresh ' +
      'step-up. Audited.',
    security: SESSION_ONLY,
    params: ID_PARAMS,
    response: {
      200: FACTORS_ANSWER,
      ...NOT_FOUND,
      409: consoleErrorAnswer('factorRequired: the policy asks this person for a second factor, and this is the last'),
      ...OWN_FACTOR_REFUSALS,
    },
  },
} as const;

interface Deps {
  access: Access;
  engine: Engine;
  factors: SecondFactors;
  passkeys: Passkeys;
  config: ServerConfig;
  clock: Clock;
}

/** A person's own passkeys (decision 0071); the table declares which need a step-up. */
export function ownPasskeyRoutes({ access, engine, factors, passkeys, config, clock }: Deps) {
  const audit = changeRecorder(engine.accessAudit, clock);
  const signedIn = (request: FastifyRequest) => {
    if (request.identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
    return request.identity.signedIn;
  };
  const answer = async (request: FastifyRequest) => ({
    success: true,
    factors: await factors.ownFactors(signedIn(request).account, relyingParty(config.publicOrigin, request) !== null),
  });
  return {
    registrationOptions: route({
      schema: OWN_PASSKEY_SCHEMAS.registrationOptions,
      handler: async (request) => {
        const { account, session } = signedIn(request);
        const rp = relyingPartyOf(config.publicOrigin, request);
        const options = await passkeys.registrationOptions(account, rp, challengeKey('session', session.idHash));
        return { success: true, options };
      },
    }),

    add: route<{ Body: FromSchema<typeof ADD_BODY> }>({
      schema: OWN_PASSKEY_SCHEMAS.add,
      bodyLimit: 64 * 1024,
      handler: async (request) => {
        const { account, session } = signedIn(request);
        const rp = relyingPartyOf(config.publicOrigin, request);
        const { name, passkey } = request.body;
        const key = challengeKey('session', session.idHash);
        const browser = { address: request.ip, device: readDeviceCookie(request) };
        const result = await passkeys.register(account.name, name, asAttestation(passkey), rp, key, browser);
        if (!('added' in result)) refusePasskey(request, account.name, result, 400);
        const { added } = result;
        // A person the policy held at enrolment may now use the console.
        if (session.secondFactor === 'enrol') await access.sessions.proved(session, 'done');
        await audit(request, 'passkeyAdded', account.name, { name: added.name });
        return answer(request);
      },
    }),

    rename: route<{ Params: FromSchema<typeof ID_PARAMS>; Body: FromSchema<typeof RENAME_BODY> }>({
      schema: OWN_PASSKEY_SCHEMAS.rename,
      bodyLimit: 4096,
      handler: async (request) => {
        const { account } = signedIn(request);
        const { id } = request.params;
        const before = (await passkeys.list(account.name)).find((candidate) => candidate.id === id);
        if (!before || !(await passkeys.rename(account.name, id, request.body.name))) {
          throw new ApiError(404, 'notFound');
        }
        const name = request.body.name.trim();
        if (name !== before.name)
          await audit(request, 'passkeyRenamed', account.name, { name: { from: before.name, to: name } });
        return answer(request);
      },
    }),

    remove: route<{ Params: FromSchema<typeof ID_PARAMS> }>({
      schema: OWN_PASSKEY_SCHEMAS.remove,
      handler: async (request) => {
        const { account } = signedIn(request);
        const { id } = request.params;
        const passkey = (await passkeys.list(account.name)).find((candidate) => candidate.id === id);
        if (!passkey) throw new ApiError(404, 'notFound');
        if (policyRequires(await factors.policy(), account) && !(await factors.enrolled(account.name, id))) {
          throw new ApiError(409, 'factorRequired');
        }
        if (await passkeys.remove(account.name, id)) {
          await audit(request, 'passkeyRemoved', account.name, { name: passkey.name });
        }
        return answer(request);
      },
    }),
  };
}
