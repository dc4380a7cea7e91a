import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Access } from './access';
import { bearerMatches } from './adminToken';
import { tokenFingerprint } from './tokenFingerprint';

/** The budget of a request that names no caller: its client address (X-Forwarded-For only from RVM_TRUST_PROXY). */
export const addressKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/**
 * Whose budget a rate-limited request uses: each caller its own (decision 0061). The operator token, a named token
 * and a session each have one, so that requests through the same address (behind a reverse proxy, everyone's) cannot
 * use up another's; a request with no credentials, or ones that name nobody (a wrong token, an ended session), is
 * counted by its client address. The caller is looked up once (Access.whoIs), and the route's guard reuses it.
 */
export function rateLimitKey(adminToken: string | null, access: Access): (request: FastifyRequest) => Promise<string> {
  const operatorKey = adminToken === null ? null : `operator:${tokenFingerprint(adminToken)}`;
  return async (request) => {
    if (operatorKey !== null && bearerMatches(request.headers.authorization, adminToken)) return operatorKey;
    const identity = await access.whoIs(request);
    if (identity?.kind === 'token') return `token:${identity.caller.name}`;
    if (identity?.kind === 'person') return `session:${identity.signedIn.session.idHash}`;
    return addressKey(request);
  };
}
