import { ApiError, type Call } from '../../api/client';
import { parseProblems, type Problem } from '../problems';
import { parseSession, type Session } from './session';

/** When the server names no wait, the sign-in form waits this long before it says "try again". */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export type SignInResult =
  | { kind: 'signedIn'; session: Session }
  | { kind: 'badCredentials' }
  | { kind: 'accountLocked' | 'tooManyAttempts'; retryAfterSeconds: number }
  | { kind: 'failed'; error: unknown };

export type PasswordResult =
  | { kind: 'changed'; session: Session }
  | { kind: 'refused'; error: ApiError; problems: Problem[] }
  | { kind: 'failed'; error: unknown };

// The console shows its own outcome of these calls: no message bar, no blocking overlay.
const QUIET = { throw_error: true, not_blocking: true } as const;

function retryAfterSeconds(body: unknown): number {
  const value = (body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_RETRY_AFTER_SECONDS;
}

/** `POST /api/auth/login`: the session, or why not (the same answer for an unknown name and a wrong password). */
export async function signIn(call: Call, name: string, password: string): Promise<SignInResult> {
  try {
    const session = parseSession(await call('auth/login', { name, password }, QUIET));
    return session ? { kind: 'signedIn', session } : { kind: 'failed', error: new Error('no session in the answer') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'badCredentials' };
    if (error instanceof ApiError && (error.msg === 'accountLocked' || error.msg === 'tooManyAttempts'))
      return { kind: error.msg, retryAfterSeconds: retryAfterSeconds(error.body) };
    return { kind: 'failed', error };
  }
}

/**
 * `POST /api/auth/session`: who is signed in (and the idle expiry moves on). Null when no one is; with the console's
 * client a 401 has then already sent the person to the sign-in page.
 */
export async function fetchSession(call: Call): Promise<Session | null> {
  try {
    return parseSession(await call('auth/session', {}, QUIET));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** `POST /api/auth/logout`; true when the server ended the session (or there was none). */
export async function signOut(call: Call): Promise<boolean> {
  try {
    await call('auth/logout', {}, QUIET);
    return true;
  } catch (error) {
    return error instanceof ApiError && error.status === 401;
  }
}

/** `POST /api/auth/password`: the new session, or the server's reasons field by field. */
export async function changePassword(call: Call, current: string, next: string): Promise<PasswordResult> {
  try {
    const session = parseSession(await call('auth/password', { current, next }, QUIET));
    return session ? { kind: 'changed', session } : { kind: 'failed', error: new Error('no session in the answer') };
  } catch (error) {
    if (error instanceof ApiError && [400, 401, 403].includes(error.status))
      return { kind: 'refused', error, problems: parseProblems(error.body) };
    return { kind: 'failed', error };
  }
}
