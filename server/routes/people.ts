import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { District } from '../../shared/contract/machine';
import { normalizeAccountName, sortDistricts, type Account } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import { commonPasswords } from '../accounts/commonPasswords';
import { oneTimePassword } from '../accounts/oneTimePassword';
import { newPasswordProblem } from '../accounts/password';
import { AccountError, addAccount, changeAccount, LookalikeNameError, setPassword } from '../auth/manageAccounts';
import type { AccessAction } from '../db/accessAudit';
import { LastAdminError } from '../db/accountStore';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { actorOf, type Access } from '../security/access';
import { BODY_ERRORS } from './apiSchemas';
import { refuseOtherMethods } from './methodNotAllowed';
import {
  ACCESS_CHANGE_SCHEMA,
  ADMINS_SIGNED_IN,
  NAME_PARAMS,
  NEW_PERSON_BODY,
  PEOPLE_ERRORS,
  PEOPLE_SECURITY,
  PERSON_ANSWER,
  PERSON_PATCH_BODY,
  PERSON_REFUSALS,
  PERSON_SCHEMA,
} from './peopleSchemas';

const ROUTE = '/api/operator/people';
const ONE_ROUTE = `${ROUTE}/:name`;
const PASSWORD_ROUTE = `${ROUTE}/:name/password`;
const CHANGES_ROUTE = '/api/operator/access-audit';
const CHANGES_LIMIT = 200;

export const PEOPLE_ROUTE_SCHEMAS = {
  list: {
    operationId: 'listPeople',
    tags: ['people'],
    summary: 'The people who sign in to the console',
    description: `Every account, by name, without its password. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: {
      200: {
        description: 'The people',
        type: 'object',
        required: ['success', 'people'],
        properties: { success: { type: 'boolean', const: true }, people: { type: 'array', items: PERSON_SCHEMA } },
      },
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
    body: NEW_PERSON_BODY,
    response: { 200: PERSON_ANSWER, ...BODY_ERRORS, ...PERSON_REFUSALS, ...PEOPLE_ERRORS },
  },
  change: {
    operationId: 'changePerson',
    tags: ['people'],
    summary: "Changes a person's role, districts, or disables or enables them",
    description:
      'Only the fields given change. Disabling ends every session of the person at once. Refused when it would ' +
      `leave no active admin, and for the admin's own account. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    params: NAME_PARAMS,
    body: PERSON_PATCH_BODY,
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
  changes: {
    operationId: 'listAccessChanges',
    tags: ['people'],
    summary: 'Who changed which person or token',
    description: `The newest ${CHANGES_LIMIT} changes to people and tokens, newest first. ${ADMINS_SIGNED_IN}`,
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

/** What the answer shows of an account: its schema lists the fields, so a password hash could never be sent. */
const personOf = (account: Account): Account => account;

/** The people admins manage in the console; every change is audited with the admin's name. */
export function registerPeopleRoutes(app: FastifyInstance, engine: Engine, access: Access, clock: Clock): void {
  const reading = access.guard('managePeople', { changes: false, peopleOnly: true });
  const changing = access.guardBeforeBody('managePeople', { changes: true, peopleOnly: true });
  const audit = (request: FastifyRequest, action: AccessAction, subject: string, detail: Record<string, unknown>) => {
    const actor = actorOf(request);
    return engine.accessAudit.record({
      at: clock().toISOString(),
      actor: actor.name,
      actorKind: actor.kind,
      address: actor.address,
      action,
      subject,
      detail,
    });
  };
  /** The person a path names, not the admin calling: an admin locks nobody out by changing themselves. */
  const other = async (request: FastifyRequest<{ Params: NameParams }>) => {
    const name = normalizeAccountName(request.params.name);
    const account = await engine.accounts.get(name);
    if (!account) throw new ApiError(404, 'notFound');
    if (account.name === request.caller?.name) throw new ApiError(409, 'ownAccount');
    return account;
  };

  app.get(ROUTE, {
    schema: PEOPLE_ROUTE_SCHEMAS.list,
    onRequest: reading,
    handler: async () => ({ success: true, people: (await engine.accounts.list()).map(personOf) }),
  });

  app.post<{ Body: FromSchema<typeof NEW_PERSON_BODY> }>(ROUTE, {
    schema: PEOPLE_ROUTE_SCHEMAS.add,
    preParsing: changing,
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
      return { success: true, person: personOf(account), ...(made ? { password: made } : {}) };
    },
  });

  app.patch<{ Params: NameParams; Body: FromSchema<typeof PERSON_PATCH_BODY> }>(ONE_ROUTE, {
    schema: PEOPLE_ROUTE_SCHEMAS.change,
    preParsing: changing,
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
      return { success: true, person: personOf(account) };
    },
  });

  app.post<{ Params: NameParams }>(PASSWORD_ROUTE, {
    schema: PEOPLE_ROUTE_SCHEMAS.resetPassword,
    onRequest: access.guard('managePeople', { changes: true, peopleOnly: true }),
    handler: async (request) => {
      const account = await other(request);
      const made = oneTimePassword();
      const changed = await setPassword(engine.accounts, account.name, made, true, clock());
      await audit(request, 'passwordReset', account.name, { mustChangePassword: true });
      return { success: true, person: personOf(changed), password: made };
    },
  });

  app.get(CHANGES_ROUTE, {
    schema: PEOPLE_ROUTE_SCHEMAS.changes,
    onRequest: reading,
    handler: async () => ({ success: true, changes: await engine.accessAudit.latest(CHANGES_LIMIT) }),
  });

  refuseOtherMethods(app, [ROUTE], ['GET', 'POST']);
  refuseOtherMethods(app, [ONE_ROUTE], ['PATCH']);
  refuseOtherMethods(app, [PASSWORD_ROUTE], ['POST']);
  refuseOtherMethods(app, [CHANGES_ROUTE], ['GET']);
}

/** `{ field: { from, to } }` of what a change altered. */
function changedFields(before: Account, after: Account): Record<string, { from: unknown; to: unknown }> {
  const fields = ['role', 'districts', 'disabled'] as const;
  return Object.fromEntries(
    fields
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}
