import type { Actor } from '../accounts/actor';
import type { ApiMachine } from '../machines/apiMachine';
import type { HistoryEntry } from '../machines/history';
import type { MachineRow } from '../machines/validate';
import { recordOf, toApiMachine, type MachineRecord } from './machineRecord';
import type { StoredBlob } from './photoStore';
import { HOLD_STATES, type HoldState } from '../../shared/contract/heldSync';

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
  /** What the hold's rule made of the answer, when it was given one. */
  hold?: HoldOutcome;
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

/** How a sync is written: the hold's rule, when the answer is the feed's (absent: written as it is). */
export interface SnapshotOptions extends FeedWriteOptions {
  hold?: HoldRule;
}

/** The most machines active at once since `since`: the last confirmed mass deactivation, or the first sync. */
export interface FeedBaseline {
  active: number;
  since: string;
}

/**
 * Where a hold stands: `held` waits for the feed's next answer or an admin; `confirmed` (its machines deactivated),
 * `rejected` (by an admin: its machines kept), `dropped` (the feed sent most of them again) and `replaced` (the next
 * answer would deactivate other machines, and was measured afresh) are over.
 */
/** A hold's states are the contract's (shared/contract/heldSync.ts). */
export { HOLD_STATES, type HoldState };

/** An admin's decisions on a hold, as the audit records them. */
export const HOLD_VERDICTS = ['confirmed', 'rejected'] as const satisfies readonly HoldState[];
export type HoldVerdict = (typeof HOLD_VERDICTS)[number];

/** A feed's answer whose mass deactivation was held back, as the console's feed review shows it. */
export interface FeedHold {
  id: number;
  /** When the answer came, ISO 8601. */
  heldAt: string;
  /** The machines it would deactivate, by id, in id order. */
  machineIds: string[];
  /** Machines active when it came, and how many it would have left active. */
  active: number;
  remaining: number;
  /** What it was measured against. */
  baseline: FeedBaseline;
  state: HoldState;
  /** When it was decided, and by whom: a person's name, or null for the feed's next answer. */
  decidedAt: string | null;
  decidedBy: string | null;
  /** Who rejected it, also once an admin confirmed it after all. */
  rejectedAt: string | null;
  rejectedBy: string | null;
  /** Rejected: its machines that the feed still leaves out, kept active until it sends them again. */
  keptIds: string[];
}

/** What the hold's rule reads, in the sync's own transaction. */
export interface HoldContext {
  /** The sync's time, ISO 8601. */
  at: string;
  /** The machines active before the answer. */
  activeIds: ReadonlySet<string>;
  /** The machines that rejected holds keep active. */
  keptIds: ReadonlySet<string>;
  baseline: FeedBaseline | null;
  /** The hold waiting for this answer, if one does. */
  held: FeedHold | null;
}

/** What the hold's rule makes of an answer. */
export interface HoldOutcome {
  /** What is written: the answer, less the deactivations held back or kept. */
  machines: readonly FeedMachine[];
  presentIds: readonly string[];
  /** How this answer ends the waiting hold, if it does. */
  ends: Extract<HoldState, 'confirmed' | 'dropped' | 'replaced'> | null;
  /** A new hold: the deactivations this answer would make, held back. */
  opens: Pick<FeedHold, 'machineIds' | 'active' | 'remaining' | 'baseline'> | null;
  /** Kept machines that the feed sends again: kept no more. */
  released: readonly string[];
}

export type HoldRule = (context: HoldContext) => HoldOutcome;

/** The hold as the follower's status shows it. */
export interface HoldStatus {
  held: FeedHold | null;
  /** Machines that rejected holds keep active against the feed. */
  kept: number;
  baseline: FeedBaseline | null;
}

/**
 * An admin's decision on a hold: `done` with the machines it changed (to tell open pages), or not done because the
 * hold is over already or open to no such decision (`hold` as it is), or unknown (`hold` null).
 */
export type HoldDecision =
  { done: true; hold: FeedHold; machines: ApiMachine[] } | { done: false; hold: FeedHold | null };

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
 * holds of mass deactivations, the photos fetched from the feed and the time of the last sync that changed
 * something. One implementation per engine (db/sqlite/feedStore.ts, db/pg/feedStore.ts); each write is one
 * transaction.
 */
export interface FeedStore {
  /**
   * Writes one answer of the feed: the machines that differ from what is stored are upserted (the others are not
   * touched), machines no longer in the feed are deactivated, and each change of state gets a history entry.
   * `presentIds` are every id the feed sent, malformed machines included: those keep their last good record
   * rather than being deactivated. Other instances are told of the changes. With `hold`, the rule reads the
   * machines active, the baseline and the waiting hold in the same transaction, decides what is written, and the
   * holds and the baseline are written with it.
   */
  applySnapshot(
    machines: readonly FeedMachine[],
    presentIds: readonly string[],
    options?: SnapshotOptions,
  ): Promise<SnapshotChanges>;
  /** The waiting hold, how many machines rejected holds keep, and the baseline. */
  holdStatus(): Promise<HoldStatus>;
  /** The latest holds, newest first: waiting, decided or over. */
  holds(limit: number): Promise<FeedHold[]>;
  /**
   * An admin confirms a waiting hold (its machines still active are deactivated) or a rejected one that still keeps
   * machines (those are), audited under `actor` (the caller: a person or the token, and their address); the baseline
   * starts again from the machines then active. The hold records the actor's name.
   */
  confirmHold(id: number, actor: Actor, at?: Date): Promise<HoldDecision>;
  /** An admin rejects a waiting hold: its machines stay active until the feed sends them again. */
  rejectHold(id: number, actor: Actor, at?: Date): Promise<HoldDecision>;
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
