/**
 * What one event stream may cost the server. Node keeps in memory whatever a socket cannot take yet, so a client
 * that stops reading would otherwise make the server hold every event sent after that, for as long as it stays.
 */
export interface StreamLimits {
  /** A stream with more than this written but not yet taken by its socket is closed. */
  maxUnsentBytes: number;
  /** A stream whose socket takes nothing (no 'drain') for this long is closed. */
  maxBlockedMs: number;
}

/** A stream is closed past 1 MiB unsent: a thousand ordinary changes, a client that reads nothing at all. */
export const MAX_UNSENT_BYTES = 1024 * 1024; // 1 MiB
/** ... or once its socket has taken nothing for 30 s, which no client that reads, however slowly, comes near. */
export const MAX_BLOCKED_MS = 30_000;

/** The most a replay to a returning client may send; past either cap it is told `resync` and reloads the list. */
export interface ReplayCaps {
  maxEvents: number;
  maxBytes: number;
}

/**
 * A quarter of a stream's unsent limit, so that a replay alone never closes a stream; about 250 changes of
 * ordinary machines. Past that, the list (compressed, cached, answered in one call) costs a client less.
 */
export const MAX_REPLAY_BYTES = 256 * 1024; // 256 KiB
export const MAX_REPLAY_EVENTS = 500;
export const REPLAY_CAPS: ReplayCaps = { maxEvents: MAX_REPLAY_EVENTS, maxBytes: MAX_REPLAY_BYTES };
