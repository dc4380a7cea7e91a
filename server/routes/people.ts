import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ACCESS_CHANGE_SCHEMA } from '../../shared/contract/auditEntry';
import type { District } from '../../shared/contract/machine';
import {
  NEW_PERSON_SCHEMA,
  PEOPLE_ANSWER_SCHEMA,
  PERSON_CHANGE_SCHEMA,
  type Person,
} from '../../shared/contract/person';
import { normalizeAccountName, sortDistricts, type Account } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import { commonPasswords } from '../accounts/commonPasswords';
import { oneTimePassword } from '../accounts/oneTimePassword';
import { newPasswordProblem } from '../accounts/password';
import {
  AccountError,
  addAccount,
  backsItsTokens,
  changeAccount,
  changedFields,
  endTokensOf,
  LookalikeNameError,
  setPassword,
  unlockAccount,
} from '../auth/manageAccounts';
import { lockedNames } from '../auth/locks';
import { LastAdminError } from '../db/accountStore';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { changeRecorder } from './accessChange';
import { BODY_ERRORS } from './apiSchemas';
import {
  ADMINS_SIGNED_IN,
  NAME_PARAMS,
  PEOPLE_ERRORS,
  PEOPLE_SECURITY,
  PERSON_ANSWER,
  PERSON_REFUSALS,
} from './peopleSchemas';
import { route } from './route';

const CHANGES_LIMIT = 200;

export const PEOPLE_ROUTE_SCHEMAS = {
  list: {
    operationId: 'listPeople',
    tags: ['people'],
    summary: 'The people who sign in to the console',
    description: `Every account, by name, without its password. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: {
      200: { description: 'The people', ...PEOPLE_ANSWER_SCHEMA },
      ...PEOPLE_ERRORS,
    },
  },
  add: {
    operationId: 'addPerson',
    tags: ['people'],
    summary: 'Adds a person',
    description:
      'The person must choose a new password at their first sign-in. Without `password` the server makes a ' +
      `one-time password and answers it this once: hand it over by another channel. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    body: NEW_PERSON_SCHEMA,
    response: { 200: PERSON_ANSWER, ...BODY_ERRORS, ...PERSON_REFUSALS, ...PEOPLE_ERRORS },
  },
  change: {
    operationId: 'changePerson',
    tags: ['people'],
    summary: "Changes a person's role, districts, or disables or enables them",
    description:
      'Only the fields given change. Disabling ends every session of the person at once. Disabling an admin or ' +
      'giving them another role revokes the API tokens they made (decision 0061). Refused when it would leave no ' +
      `active admin, and for the admin's own account. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    params: NAME_PARAMS,
    body: PERSON_CHANGE_SCHEMA,
    response: { 200: PERSON_ANSWER, ...BODY_ERRORS, ...PERSON_REFUSALS, ...PEOPLE_ERRORS },
  },
  resetPassword: {
    operationId: 'resetPassword',
    tags: ['people'],
    summary: "Resets a person's password",
    description:
      'The server makes a one-time password, answered this once; every session of the person ends, and they must ' +
      `choose a new password at their next sign-in. Not for the admin's own account. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    params: NAME_PARAMS,
    response: { 200: PERSON_ANSWER, ...PERSON_REFUSALS, ...PEOPLE_ERRORS },
  },
  unlock: {
    operationId: 'unlockPerson',
    tags: ['people'],
    summary: "Ends every lock of a person's name after wrong passwords",
    description:
      'Clears the counts of wrong passwords for the name from every address and browser, and the locks they hold: ' +
      'for a person a stranger keeps locked out. The counts begin again at the next wrong password. Audited. ' +
      ADMINS_SIGNED_IN,
    security: PEOPLE_SECURITY,
    params: NAME_PARAMS,
    response: { 200: PERSON_ANSWER, ...PERSON_REFUSALS, ...PEOPLE_ERRORS },
  },
  changes: {
    operationId: 'listAccessChanges',
    tags: ['people'],
    summary: 'Who changed which person or token',
    description:
      `The newest ${CHANGES_LIMIT} changes to people and tokens, alert rules, webhooks and stored photos, newest ` +
      `first (the console's audit log shows them with the machines' changes). ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: {
      200: {
        description: 'The changes',
        type: 'object',
        required: ['success', 'changes'],
        properties: {
          success: { type: 'boolean', const: true },
          changes: { type: 'array', items: ACCESS_CHANGE_SCHEMA },
        },
      },
      ...PEOPLE_ERRORS,
    },
  },
} as const;

type NameParams = FromSchema<typeof NAME_PARAMS>;

/** The people admins manage in the console; every change is audited with the admin's name. */
export function peopleRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  const audit = changeRecorder(engine.accessAudit, clock);
  /** What the answer shows of an account, with its lock: the schema lists the fields, so no hash is ever sent. */
  const personOf = async (account: Account, locks?: Map<string, string>): Promise<Person> => ({
    ...account,
    lockedUntil: (locks ?? (await lockedNames(engine.sessions, clock()))).get(account.name) ?? null,
  });
  /** The person a path names, not the admin calling: an admin locks nobody out by changing themselves. */
  const other = async (request: FastifyRequest<{ Params: NameParams }>) => {
    const name = normalizeAccountName(request.params.name);
    const account = await engine.accounts.get(name);
    if (!account) throw new ApiError(404, 'notFound');
    if (account.name === request.caller?.name) throw new ApiError(409, 'ownAccount');
    return account;
  };
  /** A person disabled or no longer an admin stands behind no token: each they made is revoked, and audited. */
  const endTokens = async (request: FastifyRequest, account: Account) => {
    const reason = account.disabled ? 'makerDisabled' : 'makerNotAdmin';
    const ended = await endTokensOf(engine.tokens, account, request.caller!.name, clock().toISOString());
    for (const token of ended) {
      const { id, role, districts, expiresAt } = token;
      await audit(request, 'tokenRevoked', token.name, { id, role, districts, expiresAt, reason });
    }
  };

  return {
    list: route({
      schema: PEOPLE_ROUTE_SCHEMAS.list,
      handler: async () => {
        const locks = await lockedNames(engine.sessions, clock());
        return {
          success: true,
          people: await Promise.all((await engine.accounts.list()).map((a) => personOf(a, locks))),
        };
      },
    }),

    add: route<{ Body: FromSchema<typeof NEW_PERSON_SCHEMA> }>({
      schema: PEOPLE_ROUTE_SCHEMAS.add,
      handler: async (request) => {
        const { name: rawName, role, districts = [], password } = request.body;
        const name = normalizeAccountName(rawName);
        if (await engine.accounts.get(name)) throw new ApiError(409, 'nameTaken');
        if (password !== undefined) {
          const problem = newPasswordProblem(password, name, undefined, await commonPasswords());
          if (problem) throw new ApiError(400, 'passwordRejected', { problems: [{ field: 'password', ...problem }] });
        }
        const made = password === undefined ? oneTimePassword() : null;
        const reach = sortDistricts(districts as District[]);
        let account: Account;
        try {
          account = await addAccount(engine.accounts, {
            name,
            role,
            districts: reach,
            password: password ?? made!,
            mustChangePassword: true,
          });
        } catch (error) {
          if (error instanceof LookalikeNameError) throw new ApiError(409, 'nameConfusable', { like: error.like });
          if (error instanceof AccountError) throw new ApiError(400, 'badRequest', { problem: error.message });
          throw error;
        }
        await audit(request, 'personAdded', account.name, { role, districts: reach, oneTimePassword: made !== null });
        return { success: true, person: await personOf(account), ...(made ? { password: made } : {}) };
      },
    }),

    change: route<{ Params: NameParams; Body: FromSchema<typeof PERSON_CHANGE_SCHEMA> }>({
      schema: PEOPLE_ROUTE_SCHEMAS.change,
      handler: async (request) => {
        const before = await engine.accounts.get(normalizeAccountName(request.params.name));
        if (!before) throw new ApiError(404, 'notFound');
        const { role, districts, disabled } = request.body;
        const demotes = role !== undefined && role !== before.role;
        if (before.name === request.caller?.name && (demotes || disabled === true)) {
          throw new ApiError(409, 'ownAccount');
        }
        let account: Account;
        try {
          account = await changeAccount(
            engine.accounts,
            before.name,
            { role, districts: districts && sortDistricts(districts as District[]), disabled },
            { keepAnAdmin: before.role === 'admin' && (demotes || disabled === true) },
          );
        } catch (error) {
          if (error instanceof LastAdminError) throw new ApiError(409, 'lastAdmin');
          if (error instanceof AccountError) throw new ApiError(400, 'badRequest', { problem: error.message });
          throw error;
        }
        const detail = changedFields(before, account);
        if (Object.keys(detail).length > 0) {
          const action =
            disabled === true && !before.disabled
              ? 'personDisabled'
              : disabled === false && before.disabled
                ? 'personEnabled'
                : 'personChanged';
          await audit(request, action, account.name, detail);
        }
        if (before.role === 'admin' && !backsItsTokens(account)) await endTokens(request, account);
        return { success: true, person: await personOf(account) };
      },
    }),

    resetPassword: route<{ Params: NameParams }>({
      schema: PEOPLE_ROUTE_SCHEMAS.resetPassword,
      handler: async (request) => {
        const account = await other(request);
        const made = oneTimePassword();
        const changed = await setPassword(engine.accounts, account.name, made, true, clock());
        await audit(request, 'passwordReset', account.name, { mustChangePassword: true });
        return { success: true, person: await personOf(changed), password: made };
      },
    }),

    unlock: route<{ Params: NameParams }>({
      schema: PEOPLE_ROUTE_SCHEMAS.unlock,
      handler: async (request) => {
        const account = await engine.accounts.get(normalizeAccountName(request.params.name));
        if (!account) throw new ApiError(404, 'notFound');
        const locked = (await lockedNames(engine.sessions, clock())).get(account.name) ?? null;
        const counts = await unlockAccount(engine.accounts, engine.sessions, account.name);
        await audit(request, 'personUnlocked', account.name, { lockedUntil: locked, counts });
        request.log.info({ account: account.name, counts, by: request.caller?.name }, 'sign-in locks ended');
        return { success: true, person: await personOf(account) };
      },
    }),

    changes: route({
      schema: PEOPLE_ROUTE_SCHEMAS.changes,
      handler: async () => ({ success: true, changes: await engine.accessAudit.latest(CHANGES_LIMIT) }),
    }),
  };
}
