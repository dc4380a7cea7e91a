import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const OWN_SESSION = {
  type: 'object',
  required: ['handle', 'createdAt', 'lastSeenAt', 'address', 'agent', 'current'],
  additionalProperties: false,
  properties: {
    handle: { type: 'string', description: 'Names the session in this list (neither its id nor the key kept of it)' },
    createdAt: { type: 'string', format: 'date-time', description: 'Signed in at' },
    lastSeenAt: { type: 'string', format: 'date-time', description: 'Its last request, to within a minute' },
    address: { type: 'string', description: 'The client address it signed in from' },
    agent: { type: 'string', description: 'Browser and system at sign-in, e.g. "Firefox 133 · Windows"; "" unknown' },
    current: { type: 'boolean', description: 'The session this request came with' },
  },
} as const;

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
    200: {
      description: 'The sessions',
      type: 'object',
      required: ['success', 'sessions'],
      properties: { success: { type: 'boolean', const: true }, sessions: { type: 'array', items: OWN_SESSION } },
    },
    ...REFUSALS,
  },
} as const;

const ENDED = {
  description: 'Ended: those sessions are refused from their next request on, on every instance',
  type: 'object',
  required: ['success', 'ended'],
  properties: { success: { type: 'boolean', const: true }, ended: { type: 'integer', minimum: 0 } },
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
