import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { OWN_SESSIONS_ANSWER_SCHEMA, SESSIONS_ENDED_ANSWER_SCHEMA } from '../../shared/contract/ownSession';
import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const REFUSALS = {
  401: consoleErrorAnswer('unauthorized: no session (a token has none)'),
  403: consoleErrorAnswer(
    'passwordChangeRequired; csrfRejected (an ending without its x-csrf-token, or from another site)',
  ),
  ...SERVER_ERRORS,
} as const;

export const LIST_OWN_SESSIONS_SCHEMA = {
  operationId: 'listOwnSessions',
  tags: ['auth'],
  summary: "The signed-in person's live sessions",
  description:
    'Every live session of the account, oldest first: when it signed in, its last request, the address and the ' +
    'browser it signed in with; the one this request came with is `current`. Any role; never a token (401).',
  security: CONSOLE_SECURITY,
  response: {
    200: { description: 'The sessions', ...OWN_SESSIONS_ANSWER_SCHEMA },
    ...REFUSALS,
  },
} as const;

const ENDED = {
  description: 'Ended: those sessions are refused from their next request on, on every instance',
  ...SESSIONS_ENDED_ANSWER_SCHEMA,
} as const;

export const END_OTHER_SESSIONS_SCHEMA = {
  operationId: 'endOtherSessions',
  tags: ['auth'],
  summary: 'Signs out every other session of the person',
  description: 'Every session of the account but the one this request came with ends; `ended` says how many.',
  security: CONSOLE_SECURITY,
  response: { 200: ENDED, ...REFUSALS },
} as const;

const HANDLE_PARAMS = {
  type: 'object',
  required: ['handle'],
  properties: { handle: { type: 'string', maxLength: 64, description: "A session's handle from the list" } },
} as const;

export const END_OWN_SESSION_SCHEMA = {
  operationId: 'endOwnSession',
  tags: ['auth'],
  summary: 'Signs out one other session of the person',
  description:
    "Ends the account's session of this handle. The current session is ended by signing out (`signOut`), not here.",
  security: CONSOLE_SECURITY,
  params: HANDLE_PARAMS,
  response: {
    200: ENDED,
    404: consoleErrorAnswer('notFound: no other live session of this account has this handle'),
    ...REFUSALS,
  },
} as const;

/** The person and the session the request came with; a token has no sessions (401, as `getSession` answers it). */
function personOf(request: FastifyRequest): { account: string; current: string } {
  const identity = request.identity;
  if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
  return { account: identity.caller.name, current: identity.signedIn.session.idHash };
}

/** The signed-in person's own sessions (ASVS 3.3.4): see them, end any other one, or all the others. */
export const ownSessionRoutes = ({ access }: { access: Access }) => ({
  list: route({
    schema: LIST_OWN_SESSIONS_SCHEMA,
    handler: async (request) => {
      const { account, current } = personOf(request);
      return { success: true, sessions: await access.sessions.listOwn(account, current) };
    },
  }),
  endOthers: route({
    schema: END_OTHER_SESSIONS_SCHEMA,
    handler: async (request) => {
      const { account, current } = personOf(request);
      const ended = await access.sessions.endOthers(account, current);
      request.log.info({ account, ended }, 'other sessions signed out');
      return { success: true, ended };
    },
  }),
  endOne: route<{ Params: FromSchema<typeof HANDLE_PARAMS> }>({
    schema: END_OWN_SESSION_SCHEMA,
    handler: async (request) => {
      const { account, current } = personOf(request);
      if (!(await access.sessions.endOwn(account, request.params.handle, current))) throw new ApiError(404, 'notFound');
      request.log.info({ account }, 'another session signed out');
      return { success: true, ended: 1 };
    },
  }),
});
