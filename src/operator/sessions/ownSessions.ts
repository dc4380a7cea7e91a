import type { Call } from '../../api/client';
import { isRecord } from '../../../shared/isRecord';

/** One of the signed-in person's sessions, as `GET /api/auth/sessions` lists it. */
export interface OwnSession {
  handle: string;
  createdAt: string;
  lastSeenAt: string;
  address: string;
  /** "Firefox 133 · Windows"; '' when the server did not know the browser. */
  agent: string;
  current: boolean;
}

const QUIET = { throw_error: true, not_blocking: true } as const;

/** The sessions of an answer, the current one first, then the most recently active; malformed entries left out. */
export function parseOwnSessions(body: unknown): OwnSession[] {
  if (!isRecord(body) || !Array.isArray(body.sessions)) return [];
  const sessions = body.sessions.flatMap((entry: unknown): OwnSession[] => {
    if (!isRecord(entry)) return [];
    const { handle, createdAt, lastSeenAt, address, agent, current } = entry;
    if (typeof handle !== 'string' || typeof createdAt !== 'string' || typeof lastSeenAt !== 'string') return [];
    return [
      {
        handle,
        createdAt,
        lastSeenAt,
        address: typeof address === 'string' ? address : '',
        agent: typeof agent === 'string' ? agent : '',
        current: current === true,
      },
    ];
  });
  return sessions.sort(
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
  const body = await call<{ ended?: unknown }>('auth/sessions', undefined, { ...QUIET, method: 'DELETE' });
  return typeof body?.ended === 'number' ? body.ended : 0;
}
