import type { Readable } from 'node:stream';
import type { StatusUpdate } from '../live/statusUpdate';
import type { ImportNotice } from '../live/eventRing';
import type { ListBody } from '../machines/listBody';
import type { ListCache } from '../machines/listCache';
import type { ApiMachine } from '../machines/repository';
import type { MachineRow } from '../machines/validate';

/** A photo checked and stored under its content hash, not yet recorded in the `files` table. */
export interface StoredBlob {
  id: string;
  size: number;
  contentType: string;
}

export interface FileRecord extends StoredBlob {
  originalName: string | null;
  createdAt: string;
}

export interface SaveOptions {
  maxBytes: number;
  originalName?: string | null;
}

/** A photo to record with the machine rows that name it (keyed by machine id). */
export interface RowPhoto {
  blob: StoredBlob;
  originalName: string;
}

/**
 * The content-addressed photo store: files on disk beside SQLite, a table with PostgreSQL (so every instance
 * serves every photo). Writing a blob and recording it are two steps, so that an import records its photos in
 * the same transaction as its machines.
 */
export interface PhotoStore {
  /** Checks (size, image type), hashes and stores the bytes; not yet recorded. */
  writeBlob(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob>;
  /** writeBlob, then records it: an upload. */
  save(source: AsyncIterable<Uint8Array>, options: SaveOptions): Promise<StoredBlob>;
  /** The record for `id`, or null; a malformed id is null without a query. */
  find(id: string): Promise<FileRecord | null>;
  /** The record and its bytes, or null when it is unknown or its bytes are missing. */
  open(id: string): Promise<{ record: FileRecord; stream: Readable } | null>;
}

export interface SaveCounts {
  inserted: number;
  updated: number;
}

/** What the import audit records of one loaded file. */
export interface ImportAuditInput {
  /** The data file, as the import was given it. */
  source: string;
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
}

export interface StatusUpdateResult {
  machine: ApiMachine;
  /** False when the update repeated the current state (it is audited all the same). */
  changed: boolean;
}

/** Changes made by other processes (the import command, other instances), as the event streams tell them. */
export interface ChangeHandlers {
  machine(machine: ApiMachine): void;
  import(notice: ImportNotice): void;
  /** Changes may have been missed (the connection that hears them was lost): pages must reload the list. */
  resync(): void;
  error(error: unknown): void;
}

/**
 * Everything the server and its commands read and write. Two implementations: SQLite (server/db/sqliteEngine.ts)
 * and PostgreSQL (server/db/pg/engine.ts); routes see only this. Every write is one transaction.
 */
export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  readonly files: PhotoStore;
  /** The list call's body, kept until the machines change (by this process or any other). */
  createListBody(): ListCache<ListBody> & { close(): Promise<void> };
  getMachine(id: string): Promise<ApiMachine | null>;
  /** Every machine, sorted by id, as the list call sends them. */
  listMachines(): Promise<ApiMachine[]>;
  countMachines(): Promise<number>;
  /** An operator's update and its audit entry, in one transaction; null when there is no such machine. */
  updateStatus(id: string, update: StatusUpdate, actor: string, at?: Date): Promise<StatusUpdateResult | null>;
  /**
   * Inserts or replaces machines (a photo-less row keeps the machine's photo) and records their photos, all or
   * nothing. With `audit` it is an import: recorded in the import audit, the data set marked as seeded, and
   * announced to the other processes.
   */
  saveMachines(
    rows: readonly MachineRow[],
    photos: ReadonlyMap<string, RowPhoto>,
    audit?: ImportAuditInput,
  ): Promise<SaveCounts>;
  /** The demo data on a first start: false, and nothing written, when another process seeded meanwhile. */
  seed(rows: readonly MachineRow[], photos: ReadonlyMap<string, RowPhoto>): Promise<boolean>;
  getMeta(key: string): Promise<string | undefined>;
  setMetaOnce(key: string, value: string): Promise<void>;
  /** Deletes audit entries (status updates and imports) older than `retentionDays`; how many. */
  pruneAudit(retentionDays: number, now?: Date): Promise<number>;
  /** Calls the handlers for changes other processes make from once it resolves; the function it gives stops. */
  watchChanges(handlers: ChangeHandlers): Promise<() => Promise<void>>;
  /** A busy or briefly unavailable database: answered 503 with Retry-After, not 500. */
  isBusyError(error: unknown): boolean;
  close(): Promise<void>;
}
