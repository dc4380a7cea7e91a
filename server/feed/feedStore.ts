import { getMeta, setMeta } from '../db/meta';
import type { Db } from '../db/open';
import { markSeeded } from '../db/seed';
import type { FileStore, StoredBlob } from '../files/store';
import { getMachine, prepareUpsert, toApiMachine, type ApiMachine, type MachineRecord } from '../machines/repository';
import type { MachineRow } from '../machines/validate';

/**
 * Every database access of the feed follower, in one place: the machines a sync writes, their history, the
 * photos fetched from the feed and the time of the last sync that changed something.
 */

/** Where a machine's photo stands: the feed names none, it is stored, or it is named but not fetched yet. */
export type FeedPhoto = { kind: 'none' } | { kind: 'stored'; fileId: string } | { kind: 'waiting' };

export interface FeedMachine {
  row: MachineRow;
  photo: FeedPhoto;
}

export interface SnapshotChanges {
  inserted: number;
  updated: number;
  deactivated: number;
  /** Every machine the sync changed, as the list call now sends it. */
  machines: ApiMachine[];
}

/** One state of a machine, as `GET /api/rvm/:id/history` answers it. */
export interface HistoryEntry {
  at: string;
  status: string | null;
  under_maintenance: boolean;
  service_status: number;
  deactivated: boolean;
  bin_count: number | null;
  bin_count_full_threshold: number | null;
  last_online: string | null;
  last_emptied_at: string | null;
  last_full: string | null;
}

type HistoryState = Omit<HistoryEntry, 'at'>;

const SYNCED_AT_META_KEY = 'feed_synced_at';
const MS_PER_DAY = 24 * 60 * 60 * 1000;

const stateOf = (machine: ApiMachine): HistoryState => ({
  status: machine.status,
  under_maintenance: machine.under_maintenance,
  service_status: machine.service_status,
  deactivated: machine.deactivated,
  bin_count: machine.bin_count,
  bin_count_full_threshold: machine.bin_count_full_threshold,
  last_online: machine.last_online,
  last_emptied_at: machine.last_emptied_at,
  last_full: machine.last_full,
});

/**
 * A new report time alone is no new state: a feed that stamps `last_online` on every machine each minute would
 * otherwise write a history entry per machine per minute.
 */
const sameState = (a: HistoryState, b: HistoryState): boolean =>
  JSON.stringify({ ...a, last_online: null }) === JSON.stringify({ ...b, last_online: null });

/** The record the row would make, to compare with the stored one before writing anything. */
function recordOf(row: MachineRow, pictureId: string | null): MachineRecord {
  const { coordinates, under_maintenance, deactivated, photo: _photo, extra, ...rest } = row;
  return {
    ...rest,
    lat: coordinates[0],
    lng: coordinates[1],
    under_maintenance: under_maintenance ? 1 : 0,
    deactivated: deactivated ? 1 : 0,
    picture_id: pictureId,
    extra: extra ? JSON.stringify(extra) : null,
  };
}

/** Appends one state of a machine to its history. */
export function recordHistory(db: Db, machine: ApiMachine, at: string): void {
  const state = stateOf(machine);
  db.prepare(
    `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated, bin_count,
       bin_count_full_threshold, last_online, last_emptied_at, last_full)
     VALUES (@machine_id, @at, @status, @under_maintenance, @service_status, @deactivated, @bin_count,
       @bin_count_full_threshold, @last_online, @last_emptied_at, @last_full)`,
  ).run({
    ...state,
    machine_id: machine.id,
    at,
    under_maintenance: state.under_maintenance ? 1 : 0,
    deactivated: state.deactivated ? 1 : 0,
  });
}

/**
 * Writes one answer of the feed, all in one transaction: the machines that differ from what is stored are
 * upserted (the others are not touched), machines no longer in the feed are deactivated, and each change of
 * state gets a history entry. `presentIds` are every id the feed sent, malformed machines included: those keep
 * their last good record rather than being deactivated.
 */
export function applyFeedSnapshot(
  db: Db,
  machines: readonly FeedMachine[],
  presentIds: readonly string[],
  at = new Date(),
): SnapshotChanges {
  const timestamp = at.toISOString();
  return db
    .transaction((): SnapshotChanges => {
      const upsert = prepareUpsert(db, at);
      const read = db.prepare('SELECT * FROM machines WHERE id = ?');
      const clearPicture = db.prepare('UPDATE machines SET picture_id = NULL WHERE id = ?');
      const changes: SnapshotChanges = { inserted: 0, updated: 0, deactivated: 0, machines: [] };
      const changed = (id: string, before: ApiMachine | null): void => {
        const after = getMachine(db, id)!;
        changes.machines.push(after);
        if (before === null || !sameState(stateOf(before), stateOf(after))) recordHistory(db, after, timestamp);
      };

      for (const { row, photo } of machines) {
        const stored = read.get(row.id) as MachineRecord | undefined;
        const before = stored ? toApiMachine(stored) : null;
        const pictureId =
          photo.kind === 'stored' ? photo.fileId : photo.kind === 'waiting' ? (stored?.picture_id ?? null) : null;
        if (before && JSON.stringify(toApiMachine(recordOf(row, pictureId))) === JSON.stringify(before)) continue;
        upsert(row, pictureId);
        if (pictureId === null && stored?.picture_id) clearPicture.run(row.id);
        if (before) changes.updated += 1;
        else changes.inserted += 1;
        changed(row.id, before);
      }

      const gone = db
        .prepare('SELECT id FROM machines WHERE deactivated = 0 AND id NOT IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(JSON.stringify(presentIds)) as string[];
      const deactivate = db.prepare('UPDATE machines SET deactivated = 1, updated_at = ? WHERE id = ?');
      for (const id of gone) {
        const before = getMachine(db, id)!;
        deactivate.run(timestamp, id);
        changes.deactivated += 1;
        changed(id, before);
      }

      // The feed's data is in: the demo data must never be added on a later start.
      markSeeded(db);
      if (changes.machines.length > 0) setMeta(db, SYNCED_AT_META_KEY, timestamp);
      return changes;
    })
    .immediate();
}

/** The stored file of a photo the feed names, or null when it has not been fetched. */
export function storedFeedPhoto(db: Db, feedId: string): string | null {
  const fileId = db.prepare('SELECT file_id FROM feed_photos WHERE feed_id = ?').pluck().get(feedId);
  return typeof fileId === 'string' ? fileId : null;
}

/**
 * Records a photo fetched from the feed (already written to the store) and gives it to the machines that name
 * it, in one transaction; answers the machines whose photo changed.
 */
export function recordFeedPhoto(
  db: Db,
  store: FileStore,
  feedId: string,
  blob: StoredBlob,
  machineIds: readonly string[],
  at = new Date(),
): ApiMachine[] {
  const timestamp = at.toISOString();
  return db
    .transaction(() => {
      store.record(blob, `feed:${feedId}`);
      db.prepare(
        `INSERT INTO feed_photos (feed_id, file_id, fetched_at) VALUES (?, ?, ?)
         ON CONFLICT(feed_id) DO UPDATE SET file_id = excluded.file_id, fetched_at = excluded.fetched_at`,
      ).run(feedId, blob.id, timestamp);
      const give = db.prepare(
        'UPDATE machines SET picture_id = ?, updated_at = ? WHERE id = ? AND picture_id IS NOT ?',
      );
      return machineIds
        .filter((id) => give.run(blob.id, timestamp, id, blob.id).changes > 0)
        .map((id) => getMachine(db, id)!);
    })
    .immediate();
}

/** When a sync last changed the stored machines, or null before the first. */
export function lastSync(db: Db): string | null {
  return getMeta(db, SYNCED_AT_META_KEY) ?? null;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** More entries follow the last one: ask again with `since` set to its `at`. */
  more: boolean;
}

/** A machine's states after `since` (all kept ones when null), oldest first; null when the machine is unknown. */
export function history(db: Db, id: string, since: string | null, limit: number): HistoryPage | null {
  const rows = db
    .prepare(
      `SELECT at, status, under_maintenance, service_status, deactivated, bin_count, bin_count_full_threshold,
         last_online, last_emptied_at, last_full
       FROM machine_history WHERE machine_id = ? AND at > ? ORDER BY at, id LIMIT ?`,
    )
    .all(id, since ?? '', limit + 1) as (Omit<HistoryEntry, 'under_maintenance' | 'deactivated'> & {
    under_maintenance: number;
    deactivated: number;
  })[];
  if (rows.length === 0 && !db.prepare('SELECT 1 FROM machines WHERE id = ?').get(id)) return null;
  return {
    entries: rows.slice(0, limit).map((row) => ({
      ...row,
      under_maintenance: row.under_maintenance === 1,
      deactivated: row.deactivated === 1,
    })),
    more: rows.length > limit,
  };
}

/** Deletes history entries older than `retentionDays`; answers how many. */
export function pruneHistory(db: Db, retentionDays: number, now = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * MS_PER_DAY).toISOString();
  return db.prepare('DELETE FROM machine_history WHERE at < ?').run(cutoff).changes;
}
