/** How long a session lasts: `idleMs` after its last request, and never past `absoluteMs` after its sign-in. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** A session's clock, ISO 8601 in UTC. */
export interface SessionTimes {
  createdAt: string;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/**
 * A request refreshes the idle expiry only when it would move by more than this: a console making a request a second
 * writes its session once a minute, not every second.
 */
export const TOUCH_GRANULARITY_MS = 60_000;

export function newSessionTimes(now: Date, policy: SessionPolicy): SessionTimes {
  const absolute = now.getTime() + policy.absoluteMs;
  return {
    createdAt: now.toISOString(),
    idleExpiresAt: new Date(Math.min(now.getTime() + policy.idleMs, absolute)).toISOString(),
    absoluteExpiresAt: new Date(absolute).toISOString(),
  };
}

export const sessionLive = (times: Pick<SessionTimes, 'idleExpiresAt' | 'absoluteExpiresAt'>, now: Date): boolean =>
  Date.parse(times.idleExpiresAt) > now.getTime() && Date.parse(times.absoluteExpiresAt) > now.getTime();

/** The idle expiry a request at `now` gives the session, or null when it need not be written yet. */
export function refreshedIdleExpiry(
  times: SessionTimes,
  now: Date,
  policy: SessionPolicy,
  force = false,
): string | null {
  const next = Math.min(now.getTime() + policy.idleMs, Date.parse(times.absoluteExpiresAt));
  if (!force && next - Date.parse(times.idleExpiresAt) < TOUCH_GRANULARITY_MS) return null;
  return new Date(next).toISOString();
}
