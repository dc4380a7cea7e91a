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
 * A request refreshes the idle expiry only when it would move by at least this much: a console making a request a
 * second writes its session once a minute, not every second.
 */
export const TOUCH_GRANULARITY_MS = 60_000;
/**
 * With a short idle time, the step is a quarter of it instead: a session is then always written again before it has
 * used more than a quarter of its idle time, so a busy one never ends, whatever RVM_SESSION_IDLE_MIN says.
 */
const TOUCH_SHARE_OF_IDLE = 4;

/** How far the idle expiry must move before it is written: a minute, or a quarter of a shorter idle time. */
export const touchGranularityMs = (policy: Pick<SessionPolicy, 'idleMs'>): number =>
  Math.min(TOUCH_GRANULARITY_MS, policy.idleMs / TOUCH_SHARE_OF_IDLE);

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
  if (!force && next - Date.parse(times.idleExpiresAt) < touchGranularityMs(policy)) return null;
  return new Date(next).toISOString();
}
