import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { District } from '../../../shared/contract/machine';
import type { Actor } from '../../accounts/actor';
import { sameHistoryState, stateOf } from '../../machines/history';
import type { MachineChange } from '../../machines/machineChange';
import type { MachineRow } from '../../machines/validate';
import type {
  ChangeHandlers,
  Engine,
  ImportAuditInput,
  MachineReader,
  PoolStats,
  RowPhoto,
  RowsSaved,
  SaveCounts,
  MachineEditResult,
} from '../engine';
import type { Executor } from '../executor';
import { SEEDED_META_KEY } from '../metaKeys';
import { FilesSql, recordFile, TableBytes } from '../stores/files';
import { SqlStores } from '../stores/sqlStores';
import { PgExecutor } from './executor';
import { PgFeedStore } from './feedStore';
import { pgHistoryStates, pgInsertHistoryStates } from './historyEntries';
import { CHANGES_CHANNEL, listenForChanges, type ChangeMessage } from './listen';
import { openMachineReader } from './machineReader';
import { pgApplyMachineEdit, pgCountMachines, pgGetMachine, pgListMachines, pgUpsertMachines } from './machines';
import { migratePg } from './migrations';
import { pgMonthTallies } from './serviceTallies';
import type { MonthTally } from '../stores/service';
import { createPool, inTransaction, isPgBusyError, type Queryable } from './pool';

/** How long a server's write waits for another writer (an import) before answering 503; it does not block the event loop. */
export const SERVER_LOCK_TIMEOUT_MS = 1_000;
/** How long the import command (or a start-up's seed) waits for another writer. */
export const COMMAND_LOCK_TIMEOUT_MS = 5_000;

export interface PgEngineOptions {
  poolMax: number;
  lockTimeoutMs: number;
  /** Where an idle pooled connection's failure is told (it is discarded; the next query opens another). */
  onIdleError?: (error: Error) => void;
}

/** The Engine on PostgreSQL: a pool of connections, and for watchChanges one more that LISTENs. */
export class PgEngine extends SqlStores implements Engine {
  readonly kind = 'postgres';
  readonly files: FilesSql;
  readonly feed: PgFeedStore;
  /** This process, as its NOTIFYs name it: its own changes it tells its streams itself. */
  readonly origin = randomBytes(6).toString('hex');

  private constructor(
    private readonly url: string,
    readonly pool: pg.Pool,
    private readonly options: PgEngineOptions,
  ) {
    super(new PgExecutor(pool, pool, options.lockTimeoutMs));
    this.files = new FilesSql(this.sql, new TableBytes(this.sql));
    this.feed = new PgFeedStore(
      pool,
      {
        write: (work) => this.write(work),
        notify: (client, notice) => this.notify(client, { origin: this.origin, ...notice }),
      },
      this.sql,
    );
  }

  /** Connects and brings the schema up to date. */
  static async open(url: string, options: PgEngineOptions): Promise<PgEngine> {
    const pool = createPool(url, options.poolMax, options.onIdleError ?? (() => undefined));
    try {
      await migratePg(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PgEngine(url, pool, options);
  }

  private write<T>(work: (client: pg.PoolClient) => Promise<T>, lockTimeoutMs = this.options.lockTimeoutMs) {
    return inTransaction(this.pool, { writeLock: true, lockTimeoutMs }, work);
  }

  private async notify(client: Queryable, message: ChangeMessage): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(message)]);
  }

  protected readonly monthTallies: MonthTally = (...args) => pgMonthTallies(this.pool, ...args);

  protected override async announceEmbedOrigins(tx: Executor): Promise<void> {
    const message: ChangeMessage = { origin: this.origin, type: 'embedOrigins' };
    await tx.run('SELECT pg_notify(?, ?)', [CHANGES_CHANNEL, JSON.stringify(message)]);
  }

  openMachineReader(): MachineReader {
    return openMachineReader(this.pool);
  }

  getMachine(id: string) {
    return pgGetMachine(this.pool, id);
  }

  listMachines(districts?: readonly District[]) {
    return pgListMachines(this.pool, districts);
  }

  countMachines() {
    return pgCountMachines(this.pool);
  }

  editMachine(id: string, update: MachineChange, actor: Actor, at = new Date()): Promise<MachineEditResult | null> {
    return this.write(async (client) => {
      const result = await pgApplyMachineEdit(client, id, update, actor, at);
      if (result?.changed) await this.notify(client, { origin: this.origin, type: 'machine', id });
      return result;
    });
  }

  /**
   * Upserts the rows and records their photos in the caller's transaction. With `historyAt` (an import) each machine
   * the rows add, or whose state they change, gets a history entry at that time, as a feed's sync does.
   */
  private async saveIn(
    client: Queryable,
    rows: readonly MachineRow[],
    photos: ReadonlyMap<string, RowPhoto>,
    historyAt?: string,
    onSaved?: RowsSaved,
  ): Promise<SaveCounts> {
    // Rows are only ever added or replaced, ids are unique, and writers take turns: the count tells the two apart.
    const before = await pgCountMachines(client);
    const states =
      historyAt === undefined
        ? null
        : await pgHistoryStates(
            client,
            rows.map((row) => row.id),
          );
    for (const photo of photos.values()) await recordFile(new PgExecutor(client, null), photo.blob, photo.originalName);
    await pgUpsertMachines(
      client,
      rows.map((row) => ({ row, pictureId: photos.get(row.id)?.blob.id ?? null })),
      new Date(),
      onSaved,
    );
    if (states && historyAt !== undefined) {
      const changed = rows
        .map((row) => ({ id: row.id, state: stateOf(row), was: states.get(row.id) }))
        .filter(({ state, was }) => was === undefined || !sameHistoryState(was, state));
      await pgInsertHistoryStates(client, changed, historyAt);
    }
    const inserted = (await pgCountMachines(client)) - before;
    return { inserted, updated: rows.length - inserted };
  }

  saveMachines(
    rows: readonly MachineRow[],
    photos: ReadonlyMap<string, RowPhoto>,
    audit?: ImportAuditInput,
    onSaved?: RowsSaved,
  ): Promise<SaveCounts> {
    return this.write(async (client) => {
      const counts = await this.saveIn(client, rows, photos, audit?.at, onSaved);
      if (audit) {
        await client.query(
          `INSERT INTO machine_import_audit (source, inserted, updated, photos, at, actor, actor_kind, address)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            audit.source,
            counts.inserted,
            counts.updated,
            photos.size,
            audit.at,
            audit.actor,
            audit.actorKind ?? 'command',
            audit.address ?? null,
          ],
        );
        await setMetaOnceIn(client, SEEDED_META_KEY, new Date().toISOString());
        await this.notify(client, { origin: this.origin, type: 'import', at: audit.at, ...counts });
      }
      return counts;
    });
  }

  seed(rows: readonly MachineRow[], photos: ReadonlyMap<string, RowPhoto>): Promise<boolean> {
    return this.write(
      async (client) => {
        // Another process may have seeded while the photos were written; the write lock makes this check stick.
        if ((await getMetaIn(client, SEEDED_META_KEY)) !== undefined) return false;
        await this.saveIn(client, rows, photos);
        await setMetaOnceIn(client, SEEDED_META_KEY, new Date().toISOString());
        return true;
      },
      Math.max(this.options.lockTimeoutMs, COMMAND_LOCK_TIMEOUT_MS),
    );
  }

  async watchChanges(handlers: ChangeHandlers): Promise<() => Promise<void>> {
    // In order: a machine read back for one message is published before the next message's.
    let queue = Promise.resolve();
    const listener = listenForChanges(this.url, {
      message: (message) => {
        if (message.origin === this.origin) return;
        queue = queue.then(async () => {
          try {
            if (message.type === 'import') {
              handlers.import({ at: message.at, inserted: message.inserted, updated: message.updated });
              return;
            }
            if (message.type === 'embedOrigins') {
              handlers.embedOrigins?.();
              return;
            }
            const machine = await this.getMachine(message.id);
            if (machine) handlers.machine(machine);
          } catch (error) {
            handlers.error(error);
            handlers.resync();
          }
        });
      },
      reconnected: () => handlers.resync(),
      error: handlers.error,
    });
    await listener.ready;
    return () => listener.stop();
  }

  poolStats(): PoolStats {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return { total: totalCount, idle: idleCount, waiting: waitingCount, max: this.options.poolMax };
  }

  isBusyError(error: unknown): boolean {
    return isPgBusyError(error);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function getMetaIn(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
  return rows[0]?.value;
}

async function setMetaOnceIn(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
}
