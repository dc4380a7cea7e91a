import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie over plain HTTP (a developer's machine, a test). */
export const SESSION_COOKIE = 'rvm_session';
/**
 * Over TLS (as `request.protocol` says, which honours RVM_TRUST_PROXY): the `__Host-` prefix makes the browser keep it
 * only when it is Secure, for this host alone and path `/`, so no sibling subdomain can set or shadow it (ASVS 3.4.4).
 */
export const SECURE_SESSION_COOKIE = '__Host-rvm_session';

const overTls = (request: FastifyRequest): boolean => request.protocol === 'https';

const cookieName = (request: FastifyRequest): string => (overTls(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/**
 * HttpOnly: no script reads it. SameSite=Strict: no other site's page, link or form sends it. No Max-Age: it ends with
 * the browser, and the server ends the session itself after its idle and absolute times.
 */
const cookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: overTls(request) }) as const;

/**
 * The session id a request carries. Over TLS only the `__Host-` cookie counts: a plain `rvm_session` planted by a
 * network attacker over HTTP cannot fix a session on the real site.
 */
export const readSessionCookie = (request: FastifyRequest): string | undefined => request.cookies[cookieName(request)];

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(cookieName(request), id, cookieOptions(request));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieName(request), cookieOptions(request));
}

/** The cookie of a browser a name signed in from (accounts/signInDevice.ts), named and guarded as the session's. */
export const DEVICE_COOKIE = 'rvm_device';
export const SECURE_DEVICE_COOKIE = '__Host-rvm_device';

const deviceCookieName = (request: FastifyRequest): string => (overTls(request) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);

export const readDeviceCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[deviceCookieName(request)];

/** Kept by the browser for `maxAgeMs` (unlike the session's): it is how a later sign-in is known to come from it. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string, maxAgeMs: number): void {
  reply.setCookie(deviceCookieName(request), id, { ...cookieOptions(request), maxAge: Math.floor(maxAgeMs / 1000) });
}

/**
 * A sign-in with a passkey alone, between its challenge and its answer (decision 0071): the attempt's id, to which
 * the challenge is bound, guarded as the session's cookie and kept only as long as the challenge may be answered.
 */
export const PASSKEY_ATTEMPT_COOKIE = 'rvm_passkey';
export const SECURE_PASSKEY_ATTEMPT_COOKIE = '__Host-rvm_passkey';

const attemptCookieName = (request: FastifyRequest): string =>
  overTls(request) ? SECURE_PASSKEY_ATTEMPT_COOKIE : PASSKEY_ATTEMPT_COOKIE;

export const readPasskeyAttemptCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[attemptCookieName(request)];

export function setPasskeyAttemptCookie(request: FastifyRequest, reply: FastifyReply, id: string, maxAgeMs: number) {
  reply.setCookie(attemptCookieName(request), id, { ...cookieOptions(request), maxAge: Math.floor(maxAgeMs / 1000) });
}

export function clearPasskeyAttemptCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(attemptCookieName(request), cookieOptions(request));
}
