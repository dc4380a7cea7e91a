import type { District } from '../../shared/contract/machine';
import type { Actor, ActorKind } from '../accounts/actor';
import type { ApiMachine } from '../machines/apiMachine';
import type { MachineChange } from '../machines/machineChange';
import type { MachineRow } from '../machines/validate';
import type { AccountStore, SessionStore } from './accountStore';
import type { AccessAuditStore } from './accessAudit';
import type { AlertStore } from './alertStore';
import type { AuditEntry, AuditQuery } from './audit';
import type { EmbedOriginStore } from './embedOriginStore';
import type { FactorStore } from './factorStore';
import type { PasskeyStore } from './passkeyStore';
import type { FeedStore } from './feedStore';
import type { PhotoStore, StoredBlob } from './photoStore';
import type { ServiceStore } from './serviceStore';
import type { ReportStore } from './reportStore';
import type { TokenStore } from './tokenStore';

export type { FileRecord, PhotoStore, SaveOptions, StoredBlob } from './photoStore';

/** A photo to record with the machine rows that name it (keyed by machine id). */
export interface RowPhoto {
  blob: StoredBlob;
  originalName: string;
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
  /** Who `actor` is: the command (the default), a person signed in to the console, or a token. */
  actorKind?: ActorKind;
  /** The client address an import from the console came from. */
  address?: string | null;
}

export interface MachineEditResult {
  machine: ApiMachine;
  /** False when the edit repeated what the machine held (it is audited all the same). */
  changed: boolean;
}

/** A page of the machines: those after `afterId` in id order, at most `limit`, as the list call sends them. */
export type ReadPage = (afterId: string, limit: number) => Promise<ApiMachine[]>;

/** Every machine, read for the list call while writes go on. */
export interface MachineReader {
  /**
   * A key for the machines as they are now: it changes whenever a machine is written, by this process or any other,
   * so what was made of them under one key stands while the key does. A string is read at the moment of the call.
   */
  changeKey(): string | Promise<string>;
  /** Runs `read` with pages that all come from one snapshot, however long it takes; one read at a time. */
  readPages<T>(read: (readPage: ReadPage) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What open pages hear of an import: enough to know the list changed, nothing of who or which file. */
export interface ImportNotice {
  at: string;
  inserted: number;
  updated: number;
}

/** Changes made by other processes (the import command, other instances), as the event streams tell them. */
export interface ChangeHandlers {
  machine(machine: ApiMachine): void;
  import(notice: ImportNotice): void;
  /** Another instance changed the host origins added in the console (decision 0073): read them again. */
  embedOrigins?(): void;
  /** Changes may have been missed (the connection that hears them was lost): pages must reload the list. */
  resync(): void;
  error(error: unknown): void;
}

/** Told how many of the rows are written so far, every few hundred rows, while a save runs. */
export type RowsSaved = (rows: number) => void;

/** A connection pool's use at one moment. */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Calls waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/**
 * Everything the server and its commands read and write. Two implementations: SQLite (server/db/sqlite/engine.ts)
 * and PostgreSQL (server/db/pg/engine.ts); routes see only this. Every write is one transaction.
 */
export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  readonly files: PhotoStore;
  /** What following an operator's feed reads and writes, and the machines' history. */
  readonly feed: FeedStore;
  /** The people who sign in to the console. */
  readonly accounts: AccountStore;
  /** Their sessions and the counts of failed sign-ins. */
  readonly sessions: SessionStore;
  /** Alert rules, alerts, webhooks and their deliveries. */
  readonly alerts: AlertStore;
  /** The named API tokens scripts and controllers call with. */
  readonly tokens: TokenStore;
  /** People's second factors: authenticator apps and recovery codes. */
  readonly factors: FactorStore;
  /** People's passkeys and the challenges of their ceremonies. */
  readonly passkeys: PasskeyStore;
  /** Who changed which person or token. */
  readonly accessAudit: AccessAuditStore;
  /** The service levels' reads of the history, and the promise's setting. */
  readonly service: ServiceStore;
  /** Visitors' problem reports. */
  readonly reports: ReportStore;
  /** The host origins admins add in the console. */
  readonly embedOrigins: EmbedOriginStore;
  /** A reader of every machine in pages, open until it is closed (with SQLite, a connection of its own). */
  openMachineReader(): MachineReader;
  getMachine(id: string): Promise<ApiMachine | null>;
  /** Every machine, sorted by id, as the list call sends them; with `districts`, only the machines of those. */
  listMachines(districts?: readonly District[]): Promise<ApiMachine[]>;
  /** A page of the audit (status updates and imports), newest first. */
  readAudit(query: AuditQuery): Promise<AuditEntry[]>;
  countMachines(): Promise<number>;
  /**
   * An operator's edit (status and state, texts, hours, photo) and its audit entry (who, from where), in one
   * transaction; null when there is no such machine.
   */
  editMachine(id: string, change: MachineChange, actor: Actor, at?: Date): Promise<MachineEditResult | null>;
  /**
   * Inserts or replaces machines (a photo-less row keeps the machine's photo) and records their photos, all or
   * nothing. With `audit` it is an import: recorded in the import audit, the data set marked as seeded, and
   * announced to the other processes.
   */
  saveMachines(
    rows: readonly MachineRow[],
    photos: ReadonlyMap<string, RowPhoto>,
    audit?: ImportAuditInput,
    onSaved?: RowsSaved,
  ): Promise<SaveCounts>;
  /** The demo data on a first start: false, and nothing written, when another process seeded meanwhile. */
  seed(rows: readonly MachineRow[], photos: ReadonlyMap<string, RowPhoto>): Promise<boolean>;
  getMeta(key: string): Promise<string | undefined>;
  setMetaOnce(key: string, value: string): Promise<void>;
  /** Writes the entry, whatever it held. */
  setMeta(key: string, value: string): Promise<void>;
  /** Deletes audit entries (status updates, imports, the feed's decided holds) older than `retentionDays`; how many. */
  pruneAudit(retentionDays: number, now?: Date): Promise<number>;
  /** Calls the handlers for changes other processes make from once it resolves; the function it gives stops. */
  watchChanges(handlers: ChangeHandlers): Promise<() => Promise<void>>;
  /** The connection pool's use now, for metrics; null for an engine without a pool (SQLite: one connection). */
  poolStats(): PoolStats | null;
  /** A busy or briefly unavailable database: answered 503 with Retry-After, not 500. */
  isBusyError(error: unknown): boolean;
  close(): Promise<void>;
}
