import type { FastifyInstance } from 'fastify';
import type { Permission } from '../accounts/access';
import type { Access } from './access';

/**
 * Who may call a route, as its row in server/routes/table.ts says: a permission; only people, never a token; a
 * person only with a fresh proof of who they are (`stepUp`, an admin act); a route a person the factor policy asks
 * to enrol may call before they have (`enrolling`).
 */
export type RouteAccess = 'public' | { permission: Permission; peopleOnly?: true; stepUp?: true; enrolling?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; absent on what the table does not list (the page's files, the 405s). */
    access?: RouteAccess;
  }
}

/** Methods that change nothing: a session needs no CSRF token for them. */
const READS = new Set(['GET', 'HEAD']);

/**
 * The one check of who may call what: each route's declared access, enforced before its body is read and after the
 * rate limit (which counts on onRequest, so guessing a token is throttled too). A change is any method but a read.
 */
export function enforceRouteAccess(app: FastifyInstance, access: Access): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const declared = request.routeOptions.config.access;
    if (declared !== undefined && declared !== 'public') {
      await access.admit(request, reply, declared.permission, {
        changes: !READS.has(request.method),
        peopleOnly: declared.peopleOnly === true,
        stepUp: declared.stepUp === true,
        enrolling: declared.enrolling === true,
      });
    }
    return payload;
  });
}
