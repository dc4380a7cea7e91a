import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { fromThisSite } from '../security/csrf';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, SESSION_ANSWER, SESSION_COOKIE_SCHEME, sessionOf } from './authSchemas';
import { route } from './route';

export const SESSION_ROUTE_SCHEMA = {
  operationId: 'getSession',
  tags: ['auth'],
  summary: 'The session the console runs in',
  description:
    'Who is signed in, their role and districts, and the CSRF token to send with changes; moves the idle expiry on. ' +
    'POST: it refreshes the session. Needs no CSRF token (this is how the console learns it), only a page of this site.',
  security: [{ [SESSION_COOKIE_SCHEME]: [] }],
  response: {
    200: SESSION_ANSWER,
    401: consoleErrorAnswer('unauthorized: no session, or it has ended (its cookie is cleared)'),
    403: consoleErrorAnswer('csrfRejected: sent from a page of another site'),
    ...SERVER_ERRORS,
  },
} as const;

export const sessionRoutes = ({ access }: { access: Access }) => ({
  session: route({
    schema: SESSION_ROUTE_SCHEMA,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!fromThisSite(request)) throw new ApiError(403, 'csrfRejected');
      const identity = await access.identify(request, reply, true);
      if (identity?.kind !== 'person') throw new ApiError(401, 'unauthorized');
      return { success: true, session: sessionOf(identity.signedIn.session, identity.signedIn.account) };
    },
  }),
});
