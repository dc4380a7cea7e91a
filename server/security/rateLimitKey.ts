import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { tokenFingerprint } from './tokenFingerprint';
import { bearerMatches } from './adminToken';

/**
 * Whose budget a rate-limited request uses. The operator (a valid token) has one of its own, so anonymous
 * traffic through the same address (behind a reverse proxy, everyone's) cannot use it up; anyone else is
 * counted by client address, which is X-Forwarded-For only from a trusted proxy (RVM_TRUST_PROXY).
 */
export function rateLimitKey(adminToken: string | null): (request: FastifyRequest) => string {
  const operatorKey = adminToken === null ? null : `operator:${tokenFingerprint(adminToken)}`;
  return (request) =>
    operatorKey !== null && bearerMatches(request.headers.authorization, adminToken)
      ? operatorKey
      : normalizeIP(request.ip);
}
