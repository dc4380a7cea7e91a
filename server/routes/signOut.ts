import { ApiError } from '../errors';
import type { Access } from '../security/access';
import { carriesCsrfToken, fromThisSite } from '../security/csrf';
import { clearSessionCookie } from '../security/sessionCookie';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer } from './authSchemas';
import { route } from './route';

export const SIGN_OUT_SCHEMA = {
  operationId: 'signOut',
  tags: ['auth'],
  summary: 'A person signs out',
  description:
    'The session ends in the database (on every instance) and its cookie is cleared. Without a live session there is ' +
    'nothing to end: still 200, and the cookie cleared.',
  response: {
    200: {
      description: 'Signed out',
      type: 'object',
      required: ['success'],
      properties: { success: { type: 'boolean', const: true } },
    },
    403: consoleErrorAnswer('csrfRejected: a live session without its x-csrf-token, or from another site'),
    ...SERVER_ERRORS,
  },
} as const;

export const signOutRoutes = ({ access }: { access: Access }) => ({
  signOut: route({
    schema: SIGN_OUT_SCHEMA,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const identity = await access.identify(request, reply);
      if (identity?.kind === 'person') {
        if (!fromThisSite(request) || !carriesCsrfToken(request, identity.signedIn.session.csrfToken)) {
          throw new ApiError(403, 'csrfRejected');
        }
        await access.sessions.end(identity.sessionId);
        request.log.info({ account: identity.caller.name }, 'signed out');
      }
      clearSessionCookie(request, reply);
      return { success: true };
    },
  }),
});
