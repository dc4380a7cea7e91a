import {
  openEpisode,
  stepEpisodes,
  timedEntries,
  type Episode,
  type EpisodeEnd,
  type EpisodeEntry,
  type EpisodeKind,
  type OpenEpisodes,
} from '../../shared/service/episodes';

/** A row of `service_episodes` (tables.ts). */
export interface EpisodeRow {
  machine_id: string;
  kind: EpisodeKind;
  from_at: string;
  to_at: string | null;
  ended: EpisodeEnd;
  emptied_before: string | null;
}
/** An open episode as stored, with its row's id. */
export type OpenRow = Pick<EpisodeRow, 'machine_id' | 'kind' | 'from_at' | 'emptied_before'> & { id: number };

/** What a batch of history entries does to the stored episodes. */
export interface EpisodeChanges {
  /** Stored open episodes now closed. */
  closed: { id: number; to_at: string; ended: EpisodeEnd }[];
  /** New rows, closed or open. */
  added: EpisodeRow[];
  /** Machines that got an entry older than their latest: their episodes are made again from their history. */
  remake: string[];
}

/** What the batch's machines already have: their latest entry's time and their open episodes. */
export interface MachineEpisodesNow {
  lastAt: string | null;
  open: readonly OpenRow[];
}

export const toEpisodeRow = (episode: Episode, emptiedBefore: number | null = null): EpisodeRow => ({
  machine_id: episode.machineId,
  kind: episode.kind,
  from_at: episode.from,
  to_at: episode.to,
  ended: episode.end,
  emptied_before:
    emptiedBefore === null || !Number.isFinite(emptiedBefore) ? null : new Date(emptiedBefore).toISOString(),
});

export const fromEpisodeRow = (row: EpisodeRow): Episode => ({
  machineId: row.machine_id,
  kind: row.kind,
  from: row.from_at,
  to: row.to_at,
  end: row.ended,
});

const openRows = (machineId: string, open: OpenEpisodes): EpisodeRow[] =>
  [...open].map(([kind, episode]) => toEpisodeRow(openEpisode(machineId, kind, episode), episode.emptiedBefore));

/** A machine's episodes as rows, from its whole history (the migration, and a machine whose history went back). */
export function episodeRowsOf(machineId: string, entries: readonly EpisodeEntry[]): EpisodeRow[] {
  const open: OpenEpisodes = new Map();
  const closed = timedEntries(entries).flatMap(({ entry, ms }) => stepEpisodes(machineId, open, entry, ms));
  return [...closed.map((episode) => toEpisodeRow(episode)), ...openRows(machineId, open)];
}

interface Following {
  lastMs: number;
  open: OpenEpisodes;
  ids: Map<EpisodeKind, number>;
}

function following(now: MachineEpisodesNow | undefined): Following {
  const open: OpenEpisodes = new Map();
  const ids = new Map<EpisodeKind, number>();
  for (const row of now?.open ?? []) {
    open.set(row.kind, {
      fromMs: Date.parse(row.from_at),
      emptiedBefore: row.emptied_before === null ? -Infinity : Date.parse(row.emptied_before),
    });
    ids.set(row.kind, row.id);
  }
  const lastMs = now?.lastAt == null ? -Infinity : Date.parse(now.lastAt);
  return { lastMs: Number.isNaN(lastMs) ? -Infinity : lastMs, open, ids };
}

/**
 * The changes `entries` (in the order they are written) make to the episodes of their machines, given what those
 * have now. An entry at or after its machine's latest continues its episodes with the same step `episodesOf` takes;
 * one before asks for the machine's episodes to be made again.
 */
export function keepEpisodes(
  entries: readonly { machineId: string; entry: EpisodeEntry }[],
  now: ReadonlyMap<string, MachineEpisodesNow>,
): EpisodeChanges {
  const changes: EpisodeChanges = { closed: [], added: [], remake: [] };
  const machines = new Map<string, Following>();
  const remake = new Set<string>();
  for (const { machineId, entry } of entries) {
    const ms = Date.parse(entry.at);
    if (Number.isNaN(ms) || remake.has(machineId)) continue;
    let machine = machines.get(machineId);
    if (!machine) machines.set(machineId, (machine = following(now.get(machineId))));
    if (ms < machine.lastMs) {
      remake.add(machineId);
      continue;
    }
    machine.lastMs = ms;
    for (const episode of stepEpisodes(machineId, machine.open, entry, ms)) {
      const id = machine.ids.get(episode.kind);
      machine.ids.delete(episode.kind);
      if (id === undefined) changes.added.push(toEpisodeRow(episode));
      else changes.closed.push({ id, to_at: episode.to!, ended: episode.end });
    }
  }
  for (const [machineId, machine] of machines) {
    if (remake.has(machineId)) continue;
    for (const [kind, episode] of machine.open) {
      if (!machine.ids.has(kind)) changes.added.push(...openRows(machineId, new Map([[kind, episode]])));
    }
  }
  changes.remake = [...remake];
  if (remake.size > 0) {
    changes.closed = changes.closed.filter((change) => !isRemade(change.id, now, remake));
    changes.added = changes.added.filter((row) => !remake.has(row.machine_id));
  }
  return changes;
}

const isRemade = (id: number, now: ReadonlyMap<string, MachineEpisodesNow>, remake: ReadonlySet<string>): boolean =>
  [...remake].some((machineId) => now.get(machineId)?.open.some((row) => row.id === id));
