import type { Call } from '../../api/client';
import {
  OWN_SESSIONS_ANSWER_SCHEMA,
  SESSIONS_ENDED_ANSWER_SCHEMA,
  type OwnSession,
} from '../../../shared/contract/ownSession';
import { readAnswer } from '../readAnswer';

export type { OwnSession };

const QUIET = { throw_error: true, not_blocking: true } as const;

/** The sessions of an answer as its contract says, the current one first, then the most recently active. */
export function parseOwnSessions(body: unknown): OwnSession[] {
  return [...readAnswer(OWN_SESSIONS_ANSWER_SCHEMA, body).sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

export async function fetchOwnSessions(call: Call): Promise<OwnSession[]> {
  return parseOwnSessions(await call('auth/sessions', undefined, { ...QUIET, method: 'GET' }));
}

/** Ends one other session; an ApiError 404 when it had already ended. */
export async function endOwnSession(call: Call, handle: string): Promise<void> {
  await call(`auth/sessions/${encodeURIComponent(handle)}`, undefined, { ...QUIET, method: 'DELETE' });
}

/** Ends every other session; how many were live. */
export async function endOtherSessions(call: Call): Promise<number> {
  const body = await call('auth/sessions', undefined, { ...QUIET, method: 'DELETE' });
  return readAnswer(SESSIONS_ENDED_ANSWER_SCHEMA, body).ended;
}
