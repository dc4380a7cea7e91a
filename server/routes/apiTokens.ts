import type { FromSchema } from 'json-schema-to-ts';
import {
  API_TOKENS_ANSWER_SCHEMA,
  NEW_API_TOKEN_SCHEMA,
  type ApiToken as ApiTokenAnswer,
} from '../../shared/contract/apiToken';
import type { District } from '../../shared/contract/machine';
import { accountNameProblem, normalizeAccountName, sortDistricts } from '../accounts/account';
import { lookalikeOf } from '../accounts/nameSkeleton';
import {
  newTokenSecret,
  tokenExpiry,
  tokenHint,
  tokenSecretHash,
  tokenState,
  type ApiToken,
} from '../accounts/apiToken';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { actorOf } from '../security/access';
import { ID_PARAMS } from './alertSchemas';
import { BODY_ERRORS } from './apiSchemas';
import { ADMINS_SIGNED_IN, PEOPLE_ERRORS, PEOPLE_SECURITY, TOKEN_ANSWER, TOKEN_REFUSALS } from './peopleSchemas';
import { route } from './route';

export const TOKEN_ROUTE_SCHEMAS = {
  list: {
    operationId: 'listApiTokens',
    tags: ['people'],
    summary: 'The named API tokens',
    description: `Every token, revoked and expired ones too, newest first; never a secret. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: {
      200: { description: 'The tokens', ...API_TOKENS_ANSWER_SCHEMA },
      ...PEOPLE_ERRORS,
    },
  },
  create: {
    operationId: 'createApiToken',
    tags: ['people'],
    summary: 'Makes a named API token',
    description:
      'A script or a controller sends it as `Authorization: Bearer rvm_…` and may do what a person of its role and ' +
      'districts may; its changes are audited under its name. The secret is answered this once. ' +
      ADMINS_SIGNED_IN,
    security: PEOPLE_SECURITY,
    body: NEW_API_TOKEN_SCHEMA,
    response: { 200: TOKEN_ANSWER, ...BODY_ERRORS, ...TOKEN_REFUSALS, ...PEOPLE_ERRORS },
  },
  revoke: {
    operationId: 'revokeApiToken',
    tags: ['people'],
    summary: 'Revokes a named API token',
    description: `Every call with it is refused (401) from now on, on every instance. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    params: ID_PARAMS,
    response: { 200: TOKEN_ANSWER, ...TOKEN_REFUSALS, ...PEOPLE_ERRORS },
  },
} as const;

/** The named API tokens admins make and revoke; each change audited with the admin's name. */
export function apiTokenRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  const withState = (token: ApiToken): ApiTokenAnswer => ({ ...token, state: tokenState(token, clock()) });
  const audit = (actor: ReturnType<typeof actorOf>, action: 'tokenCreated' | 'tokenRevoked', token: ApiToken) =>
    engine.accessAudit.record({
      at: clock().toISOString(),
      actor: actor.name,
      actorKind: actor.kind,
      address: actor.address,
      action,
      subject: token.name,
      detail: { id: token.id, role: token.role, districts: token.districts, expiresAt: token.expiresAt },
    });

  return {
    list: route({
      schema: TOKEN_ROUTE_SCHEMAS.list,
      handler: async () => ({ success: true, tokens: (await engine.tokens.list()).map(withState) }),
    }),

    create: route<{ Body: FromSchema<typeof NEW_API_TOKEN_SCHEMA> }>({
      schema: TOKEN_ROUTE_SCHEMAS.create,
      handler: async (request) => {
        const { role, districts = [], expiresInDays } = request.body;
        // A token's name is spelt as a person's: the audit shows both in one column.
        const name = normalizeAccountName(request.body.name);
        const problem = accountNameProblem(name);
        if (problem) throw new ApiError(400, 'badRequest', { problem: `name: ${problem}` });
        const live = (await engine.tokens.list()).filter((token) => token.revokedAt === null);
        const like = lookalikeOf(
          name,
          live.map((token) => token.name),
        );
        if (like !== null) throw new ApiError(409, 'nameConfusable', { like });
        if (role === 'admin' && districts.length > 0) {
          throw new ApiError(400, 'badRequest', {
            problem: 'an admin token reaches every district: give no districts',
          });
        }
        const now = clock();
        const secret = newTokenSecret();
        const token = await engine.tokens.add({
          name,
          secretHash: tokenSecretHash(secret),
          hint: tokenHint(secret),
          role,
          districts: sortDistricts(districts as District[]),
          createdBy: request.caller!.name,
          createdAt: now.toISOString(),
          expiresAt: tokenExpiry(now, expiresInDays),
        });
        if (!token) throw new ApiError(409, 'nameTaken');
        await audit(actorOf(request), 'tokenCreated', token);
        return { success: true, token: withState(token), secret };
      },
    }),

    revoke: route<{ Params: FromSchema<typeof ID_PARAMS> }>({
      schema: TOKEN_ROUTE_SCHEMAS.revoke,
      handler: async (request) => {
        const token = await engine.tokens.revoke(
          Number(request.params.id),
          request.caller!.name,
          clock().toISOString(),
        );
        if (!token) throw new ApiError(404, 'notFound');
        await audit(actorOf(request), 'tokenRevoked', token);
        return { success: true, token: withState(token) };
      },
    }),
  };
}
