import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleAllows, type Caller, type Permission } from '../accounts/access';
import type { Actor } from '../accounts/actor';
import type { Sessions, SignedIn } from '../auth/sessions';
import { ApiError } from '../errors';
import { bearerMatches, bearerValue } from './adminToken';
import type { NamedTokens } from './namedTokens';
import { carriesCsrfToken, fromThisSite } from './csrf';
import { clearSessionCookie, readSessionCookie } from './sessionCookie';
import { tokenFingerprint } from './tokenFingerprint';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, once a route's guard let them through; null before, and on routes without a guard. */
    caller: Caller | null;
    /** Who the request's credentials name, once `Access.identify` has looked; null for nobody or before. */
    identity: Identity | null;
  }
}

/** A caller as found: the token, or a person with the live session and its id. */
export type Identity =
  { kind: 'token'; caller: Caller } | { kind: 'person'; caller: Caller; signedIn: SignedIn; sessionId: string };

export interface GuardOptions {
  /** The route changes something: a session must also send its CSRF token, from a page of this site. */
  changes: boolean;
  /** Only a person signed in may call it, never a token (who may sign in or call the API: decision 0053). */
  peopleOnly?: boolean;
  /** A person must have proved who they are within the step-up time (decision 0068); a token need not. */
  stepUp?: boolean;
  /** A person the factor policy asks to set up a second factor may call it before they have. */
  enrolling?: boolean;
}

/** How long a password or code counts as fresh for an admin act unless the deployment says otherwise. */
export const DEFAULT_STEP_UP_MS = 10 * 60 * 1000;

/** The audit's who and where of the caller a guard let through. */
export function actorOf(request: FastifyRequest): Actor {
  const caller = request.caller;
  if (!caller) throw new Error('actorOf: the route has no guard');
  return { kind: caller.kind, name: caller.name, address: request.ip };
}

/**
 * Who may call what. A request is a token's when it sends an Authorization header (a wrong, expired or revoked token
 * is nobody, whatever cookie comes with it), otherwise the session's whose cookie it carries. The operator token
 * (RVM_ADMIN_TOKEN) is an admin with every district, audited under its fingerprint; a named token has its own role
 * and districts and is audited under its name; a person has the role and districts their account has now.
 */
export class Access {
  private readonly tokenCaller: Caller | null;
  /** Each request's caller, once looked up (whoIs). */
  private readonly found = new WeakMap<FastifyRequest, Promise<Identity | null>>();

  constructor(
    private readonly adminToken: string | null,
    readonly sessions: Sessions,
    private readonly namedTokens: NamedTokens | null = null,
    private readonly stepUpMs = DEFAULT_STEP_UP_MS,
  ) {
    this.tokenCaller =
      adminToken === null ? null : { kind: 'token', name: tokenFingerprint(adminToken), role: 'admin', districts: [] };
  }

  static register(app: { decorateRequest(name: 'caller' | 'identity', value: null): unknown }): void {
    app.decorateRequest('caller', null);
    app.decorateRequest('identity', null);
  }

  /**
   * The caller, or null, kept in `request.identity` too; a cookie whose session is over is cleared. `refresh` moves
   * the idle expiry on now.
   */
  async identify(request: FastifyRequest, reply: FastifyReply, refresh = false): Promise<Identity | null> {
    const identity = refresh ? await this.find(request, true) : await this.whoIs(request);
    if (identity === null && request.headers.authorization === undefined && readSessionCookie(request) !== undefined) {
      clearSessionCookie(request, reply);
    }
    request.identity = identity;
    return identity;
  }

  /**
   * Who the request's credentials name, looked up once per request: the rate limit asks first (each caller has a
   * budget of its own), then the route's guard.
   */
  whoIs(request: FastifyRequest): Promise<Identity | null> {
    let found = this.found.get(request);
    if (found === undefined) {
      found = this.find(request, false);
      this.found.set(request, found);
    }
    return found;
  }

  private async find(request: FastifyRequest, refresh: boolean): Promise<Identity | null> {
    const { authorization } = request.headers;
    if (authorization !== undefined) {
      if (this.tokenCaller && bearerMatches(authorization, this.adminToken)) {
        return { kind: 'token', caller: this.tokenCaller };
      }
      const secret = bearerValue(authorization);
      const caller = secret === null || !this.namedTokens ? null : await this.namedTokens.callerOf(secret);
      return caller ? { kind: 'token', caller } : null;
    }
    const sessionId = readSessionCookie(request);
    if (sessionId === undefined) return null;
    const signedIn = await this.sessions.resume(sessionId, refresh);
    if (!signedIn) return null;
    const { name, role, districts } = signedIn.account;
    return { kind: 'person', caller: { kind: 'person', name, role, districts }, signedIn, sessionId };
  }

  /**
   * Lets through only a caller with `permission` (server/security/routeAccess.ts asks, for every route the table
   * guards): 401 for nobody; for a session, 403 csrfRejected for a change without its token or from another site,
   * 403 secondFactorRequired between the password and the code, 403 passwordChangeRequired until a given password is
   * replaced, 403 factorEnrolmentRequired until a second factor the policy asks for is set up; 403 forbidden for a
   * role without the permission; 403 stepUpRequired for an admin act without a fresh proof (decision 0068).
   */
  async admit(request: FastifyRequest, reply: FastifyReply, permission: Permission, options: GuardOptions) {
    // Nothing a guarded route answers may be kept by a browser or a proxy (ASVS 8.2.1).
    reply.header('cache-control', 'no-store');
    const identity = await this.identify(request, reply);
    if (!identity) throw new ApiError(401, 'unauthorized');
    if (identity.kind === 'person') {
      const { csrfToken } = identity.signedIn.session;
      if (options.changes && !(fromThisSite(request) && carriesCsrfToken(request, csrfToken))) {
        throw new ApiError(403, 'csrfRejected');
      }
      const { secondFactor } = identity.signedIn.session;
      if (secondFactor === 'pending') throw new ApiError(403, 'secondFactorRequired');
      if (identity.signedIn.account.mustChangePassword) throw new ApiError(403, 'passwordChangeRequired');
      if (secondFactor === 'enrol' && !options.enrolling) throw new ApiError(403, 'factorEnrolmentRequired');
    }
    if (!roleAllows(identity.caller.role, permission)) throw new ApiError(403, 'forbidden');
    if (options.peopleOnly && identity.kind !== 'person') throw new ApiError(403, 'forbidden');
    if (
      options.stepUp &&
      identity.kind === 'person' &&
      !this.sessions.steppedUp(identity.signedIn.session, this.stepUpMs)
    ) {
      throw new ApiError(403, 'stepUpRequired');
    }
    request.caller = identity.caller;
  }
}
