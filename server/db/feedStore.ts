import type { ApiMachine } from '../machines/apiMachine';
import type { HistoryEntry } from '../machines/history';
import type { MachineRow } from '../machines/validate';
import { recordOf, toApiMachine, type MachineRecord } from './machineRecord';
import type { StoredBlob } from './photoStore';

/**
 * Where a machine's photo stands: the feed names none, it is stored, it is named but not fetched yet, or the feed's
 * picture is not a usable one (the machine keeps the photo it has).
 */
export type FeedPhoto = { kind: 'none' } | { kind: 'stored'; fileId: string } | { kind: 'waiting' } | { kind: 'keep' };

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

/** How a sync or a fetched photo is written. */
export interface FeedWriteOptions {
  at?: Date;
  /**
   * The instance writing it, as it claimed the poller lease: the write is refused (NotThePollerError) when another
   * instance holds the lease now. Absent: written whoever polls.
   */
  poller?: string;
}

/** Who polls the feed, as `claimPoller` found it. */
export interface PollerClaim {
  /** Whether the instance that asked holds the lease now. */
  held: boolean;
  /** The instance holding it, null when none ever has. */
  holder: string | null;
  /** What the holder last reported (the follower's own JSON), for the instances that do not poll. */
  report: string | null;
  /**
   * Counts the lease's changes of hands: the same term means the holder has held it throughout, so an instance that
   * finds a new one on a lease it holds knows another held it meanwhile. 0 when no instance ever has.
   */
  term: number;
}

/** A write made for an instance that no longer holds the poller lease: another polls now. */
export class NotThePollerError extends Error {
  override name = 'NotThePollerError';
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** More entries follow the last one: ask again with `since` set to its `at`. */
  more: boolean;
}

/**
 * Every database access of the feed follower and of the history: the machines a sync writes, their history, the
 * photos fetched from the feed and the time of the last sync that changed something. One implementation per
 * engine (db/sqlite/feedStore.ts, db/pg/feedStore.ts); each write is one transaction.
 */
export interface FeedStore {
  /**
   * Writes one answer of the feed: the machines that differ from what is stored are upserted (the others are not
   * touched), machines no longer in the feed are deactivated, and each change of state gets a history entry.
   * `presentIds` are every id the feed sent, malformed machines included: those keep their last good record
   * rather than being deactivated. Other instances are told of the changes.
   */
  applySnapshot(
    machines: readonly FeedMachine[],
    presentIds: readonly string[],
    options?: FeedWriteOptions,
  ): Promise<SnapshotChanges>;
  /** The ids of the machines that are not deactivated. */
  activeIds(): Promise<string[]>;
  /** The stored file of each photo fetched from the feed so far: feed photo id → file id. */
  storedPhotos(): Promise<ReadonlyMap<string, string>>;
  /**
   * Records a photo fetched from the feed (its bytes already stored) and gives it to the machines that name it;
   * answers the machines whose photo changed.
   */
  recordPhoto(
    feedId: string,
    blob: StoredBlob,
    machineIds: readonly string[],
    options?: FeedWriteOptions,
  ): Promise<ApiMachine[]>;
  /**
   * Takes the poller lease for `holder` for `leaseMs` (by the database's clock) when it is free or run out, or
   * renews it when `holder` has it, storing `report` with it; answers who holds it. Where one process is all there
   * can be (SQLite), the asker always holds it.
   */
  claimPoller(holder: string, leaseMs: number, report: string | null): Promise<PollerClaim>;
  /** Lets the lease run out now, if `holder` has it, so another instance takes over at once. */
  releasePoller(holder: string): Promise<void>;
  /** When a sync last changed the stored machines, or null before the first. */
  lastSync(): Promise<string | null>;
  /** A machine's states after `since` (all kept ones when null), oldest first; null when the machine is unknown. */
  history(id: string, since: string | null, limit: number): Promise<HistoryPage | null>;
  /** Deletes history entries older than `retentionDays`; answers how many. */
  pruneHistory(retentionDays: number, now?: Date): Promise<number>;
}

/** More machines changed in one sync than this and the pages are told to reload the list instead. */
export const MAX_MACHINE_EVENTS_PER_SYNC = 100;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** A machine a page does not have yet arrives only with a new list; so does a change to very many. */
export const announcedAsImport = (changes: { machines: readonly unknown[]; inserted: number }): boolean =>
  changes.inserted > 0 || changes.machines.length > MAX_MACHINE_EVENTS_PER_SYNC;

export const historyCutoff = (retentionDays: number, now: Date): string =>
  new Date(now.getTime() - retentionDays * MS_PER_DAY).toISOString();

/**
 * The picture a feed machine is stored with: its fetched photo, the one it has while a photo waits or when the
 * feed's picture is unusable, or none.
 */
export const pictureFor = (photo: FeedPhoto, stored: MachineRecord | undefined): string | null =>
  photo.kind === 'stored' ? photo.fileId : photo.kind === 'none' ? null : (stored?.picture_id ?? null);

/** Whether writing the row would change nothing the list call sends. */
export const unchanged = (row: MachineRow, pictureId: string | null, before: ApiMachine | null): boolean =>
  before !== null && JSON.stringify(toApiMachine(recordOf(row, pictureId))) === JSON.stringify(before);
