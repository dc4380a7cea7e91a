import type { HistoryEntry } from '../contract/history';

/**
 * A machine's episodes (docs/operators-service.md): each span of its history in one of these conditions, in the
 * alert rules' words. `full`: the status is `Full` and the machine is not in maintenance (nor out of service), as
 * `machineFull` watches it. `nearlyFull`: the status is `Full` or `<=5%` (the machine has told its contractor it is
 * 95 % full), likewise. `outOfService`: `service_status` is 1. `maintenance`: `under_maintenance` is true. A
 * deactivated machine is in none of them.
 */
export const EPISODE_KINDS = ['full', 'nearlyFull', 'outOfService', 'maintenance'] as const;
export type EpisodeKind = (typeof EPISODE_KINDS)[number];

/**
 * How an episode ended. `emptied`: the status fell below the episode's (or the controller reported an emptying).
 * `takenOutOfService`: a full or nearly full machine went into maintenance or out of service, still full.
 * `backToService`: maintenance or out of service ended. `deactivated`: the machine was deactivated. `open`: it goes on.
 */
export const EPISODE_ENDS = ['emptied', 'takenOutOfService', 'backToService', 'deactivated', 'open'] as const;
export type EpisodeEnd = (typeof EPISODE_ENDS)[number];

/** The fields of a history entry the episodes are made of. */
export type EpisodeEntry = Pick<
  HistoryEntry,
  'at' | 'status' | 'under_maintenance' | 'service_status' | 'deactivated' | 'last_emptied_at'
>;

export interface Episode {
  machineId: string;
  kind: EpisodeKind;
  /** ISO 8601, UTC: when the server first saw the condition. */
  from: string;
  /** When it ended; null while it goes on. */
  to: string | null;
  end: EpisodeEnd;
}

const isFillEpisode = (kind: EpisodeKind): boolean => kind === 'full' || kind === 'nearlyFull';
const inMaintenance = (entry: EpisodeEntry): boolean => entry.under_maintenance || entry.service_status === 1;
const fillReached = (kind: EpisodeKind, entry: EpisodeEntry): boolean =>
  entry.status === 'Full' || (kind === 'nearlyFull' && entry.status === '<=5%');

/** Whether the entry is in the condition of `kind`. */
export function inCondition(kind: EpisodeKind, entry: EpisodeEntry): boolean {
  if (entry.deactivated) return false;
  switch (kind) {
    case 'full':
    case 'nearlyFull':
      return fillReached(kind, entry) && !inMaintenance(entry);
    case 'outOfService':
      return entry.service_status === 1;
    case 'maintenance':
      return entry.under_maintenance;
  }
}

function endOf(kind: EpisodeKind, entry: EpisodeEntry): EpisodeEnd {
  if (entry.deactivated) return 'deactivated';
  if (!isFillEpisode(kind)) return 'backToService';
  return fillReached(kind, entry) ? 'takenOutOfService' : 'emptied';
}

const millis = (at: string | null): number => (at === null ? Number.NaN : Date.parse(at));
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * When an episode ended as emptied at `entry`: the emptying time the controller reported when it falls inside the
 * episode (a feed that was silent for a while reports it late), else when the server saw the entry.
 */
function emptiedAt(fromMs: number, entry: EpisodeEntry, atMs: number): number {
  const reported = millis(entry.last_emptied_at);
  return reported > fromMs && reported < atMs ? reported : atMs;
}

/** An episode going on, as the next entry finds it: when it started, and the last emptying reported before. */
export interface OpenEpisode {
  fromMs: number;
  /** The controller's `last_emptied_at` when the episode started (or closed the one before), -Infinity if none. */
  emptiedBefore: number;
}
export type OpenEpisodes = Map<EpisodeKind, OpenEpisode>;

/**
 * One entry's effect on a machine's episodes: those it closes, and `open` updated in place. Entries must come in
 * the order of their time (then of their writing); `episodesOf` and the stored episodes (server/db/episodeKeeping.ts)
 * both fold a history with it, so they cannot differ.
 */
export function stepEpisodes(machineId: string, open: OpenEpisodes, entry: EpisodeEntry, ms: number): Episode[] {
  const closed: Episode[] = [];
  const close = (kind: EpisodeKind, fromMs: number, toMs: number, end: EpisodeEnd) =>
    closed.push({ machineId, kind, from: iso(fromMs), to: iso(toMs), end });
  const reportedEmptying = millis(entry.last_emptied_at);
  for (const kind of EPISODE_KINDS) {
    const current = open.get(kind);
    const holds = inCondition(kind, entry);
    if (current && !holds) {
      const end = endOf(kind, entry);
      close(kind, current.fromMs, end === 'emptied' ? emptiedAt(current.fromMs, entry, ms) : ms, end);
      open.delete(kind);
    } else if (current && isFillEpisode(kind) && reportedEmptying > current.emptiedBefore) {
      if (reportedEmptying > current.fromMs && reportedEmptying <= ms) {
        close(kind, current.fromMs, reportedEmptying, 'emptied');
        open.set(kind, { fromMs: ms, emptiedBefore: reportedEmptying });
      }
    } else if (!current && holds) {
      open.set(kind, { fromMs: ms, emptiedBefore: Number.isFinite(reportedEmptying) ? reportedEmptying : -Infinity });
    }
  }
  return closed;
}

/** An open episode as an `Episode`. */
export const openEpisode = (machineId: string, kind: EpisodeKind, { fromMs }: OpenEpisode): Episode => ({
  machineId,
  kind,
  from: iso(fromMs),
  to: null,
  end: 'open',
});

/** A history's entries with a readable time, in the order of their time (then of the input). */
export const timedEntries = (entries: readonly EpisodeEntry[]): { entry: EpisodeEntry; ms: number }[] =>
  entries
    .map((entry) => ({ entry, ms: millis(entry.at) }))
    .filter(({ ms }) => Number.isFinite(ms))
    .sort((a, b) => a.ms - b.ms);

/** The order episodes are listed in: by start, then by kind. */
export const byStart = (a: Episode, b: Episode): number =>
  a.from.localeCompare(b.from) || EPISODE_KINDS.indexOf(a.kind) - EPISODE_KINDS.indexOf(b.kind);

/**
 * A machine's episodes from its history (any order; entries with an unreadable time are left out), oldest first
 * by start. An emptying the controller reports while the machine still (or again) reads full closes the episode
 * then and opens the next at the entry.
 */
export function episodesOf(machineId: string, entries: readonly EpisodeEntry[]): Episode[] {
  const open: OpenEpisodes = new Map();
  const episodes = timedEntries(entries).flatMap(({ entry, ms }) => stepEpisodes(machineId, open, entry, ms));
  for (const [kind, episode] of open) episodes.push(openEpisode(machineId, kind, episode));
  return episodes.sort(byStart);
}

/** How long an episode lasted, or has lasted by `nowMs` while open, in minutes. */
export const episodeMinutes = (episode: Episode, nowMs: number): number =>
  ((episode.to === null ? nowMs : Date.parse(episode.to)) - Date.parse(episode.from)) / 60_000;
