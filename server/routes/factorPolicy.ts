import type { FromSchema } from 'json-schema-to-ts';
import { FACTOR_POLICY_ANSWER_SCHEMA, FACTOR_POLICY_SCHEMA } from '../../shared/contract/factors';
import { normalizeAccountName } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import type { SecondFactors } from '../auth/secondFactors';
import type { Access } from '../security/access';
import { changeRecorder } from './accessChange';
import { ADMINS_SIGNED_IN, NAME_PARAMS, PEOPLE_ERRORS, PEOPLE_SECURITY } from './peopleSchemas';
import { consoleErrorAnswer } from './authSchemas';
import { route } from './route';

const STEP_UP = 'Needs a fresh step-up (stepUp). Audited.';
const POLICY_ANSWER = { description: 'The policy', ...FACTOR_POLICY_ANSWER_SCHEMA } as const;

export const FACTOR_POLICY_SCHEMAS = {
  get: {
    operationId: 'getFactorPolicy',
    tags: ['people'],
    summary: 'Who must have a second factor',
    description: `none, admins or everyone. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: { 200: POLICY_ANSWER, ...PEOPLE_ERRORS },
  },
  set: {
    operationId: 'setFactorPolicy',
    tags: ['people'],
    summary: 'Sets who must have a second factor',
    description:
      'From their next sign-in, a person the policy names who has no second factor is led to set one up and can ' +
      `do nothing else until done; sessions already signed in go on. ${STEP_UP} ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    body: FACTOR_POLICY_SCHEMA,
    response: { 200: POLICY_ANSWER, ...PEOPLE_ERRORS },
  },
  reset: {
    operationId: 'resetPersonFactors',
    tags: ['people'],
    summary: "Removes a person's second factors and ends their sessions",
    description:
      'For a person who lost their phone and their recovery codes: their authenticator app and recovery codes are ' +
      `deleted and every session of theirs ends; at their next sign-in the policy applies afresh. ${STEP_UP} ` +
      ADMINS_SIGNED_IN,
    security: PEOPLE_SECURITY,
    params: NAME_PARAMS,
    response: {
      200: {
        description: 'Reset',
        type: 'object',
        required: ['success', 'removed'],
        properties: {
          success: { type: 'boolean', const: true },
          removed: { type: 'boolean', description: 'The person had a second factor' },
        },
      },
      404: consoleErrorAnswer('notFound: no such person'),
      409: consoleErrorAnswer('ownAccount: an admin resets their own factors on their Sign-in security page'),
      ...PEOPLE_ERRORS,
    },
  },
} as const;

interface Deps {
  access: Access;
  engine: Engine;
  factors: SecondFactors;
  clock: Clock;
}

/** The admins' side of the second factors: the deployment's policy, and a person's factors reset. */
export function factorPolicyRoutes({ access, engine, factors, clock }: Deps) {
  const audit = changeRecorder(engine.accessAudit, clock);
  return {
    get: route({
      schema: FACTOR_POLICY_SCHEMAS.get,
      handler: async () => ({ success: true, policy: await factors.policy() }),
    }),

    set: route<{ Body: FromSchema<typeof FACTOR_POLICY_SCHEMA> }>({
      schema: FACTOR_POLICY_SCHEMAS.set,
      handler: async (request) => {
        const before = await factors.policy();
        const { policy } = request.body;
        if (policy !== before) {
          await factors.setPolicy(policy);
          await audit(request, 'factorPolicyChanged', 'factorPolicy', { policy: { from: before, to: policy } });
        }
        return { success: true, policy };
      },
    }),

    reset: route<{ Params: FromSchema<typeof NAME_PARAMS> }>({
      schema: FACTOR_POLICY_SCHEMAS.reset,
      handler: async (request) => {
        const account = await engine.accounts.get(normalizeAccountName(request.params.name));
        if (!account) throw new ApiError(404, 'notFound');
        if (account.name === request.caller?.name) throw new ApiError(409, 'ownAccount');
        const removed = await factors.remove(account.name);
        await access.sessions.endAll(account.name);
        await audit(request, 'factorsReset', account.name, { removed });
        request.log.info({ account: account.name, by: request.caller?.name }, 'second factors reset');
        return { success: true, removed };
      },
    }),
  };
}
