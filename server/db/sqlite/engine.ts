import type { District } from '../../../shared/contract/machine';
import type { Actor } from '../../accounts/actor';
import type { MachineChange } from '../../machines/machineChange';
import type { MachineRow } from '../../machines/validate';
import type {
  ChangeHandlers,
  Engine,
  ImportAuditInput,
  MachineReader,
  RowPhoto,
  RowsSaved,
  SaveCounts,
  MachineEditResult,
} from '../engine';
import { SEEDED_META_KEY } from '../metaKeys';
import { SqlStores } from '../stores/sqlStores';
import { SqliteExecutor } from './executor';
import { applyMachineEdit } from './applyMachineEdit';
import { SqliteFeedStore } from './feedStore';
import { FileStore } from './fileStore';
import { recordImport } from './importAudit';
import { watchImports } from './importWatcher';
import { openMachineReader } from './machineReader';
import { countMachines, getMachine, listMachines } from './machines';
import { getMeta, setMeta } from './meta';
import { isBusyError, openDatabase, waitBrieflyForLocks, type Db } from './open';
import { saveMachineRows } from './saveRows';
import { sqliteMonthTallies } from './serviceTallies';
import type { MonthTally } from '../stores/service';

/**
 * The Engine on SQLite: one connection that writes (and one more for each machine reader), photos on disk.
 * SQLite is synchronous: each method runs to its end before it returns, its transaction IMMEDIATE (the write lock
 * first, so it never fails to upgrade a read lock).
 */
export class SqliteEngine extends SqlStores implements Engine {
  readonly kind = 'sqlite';
  readonly files: FileStore;
  readonly feed: SqliteFeedStore;

  /** The connection for the code not yet on the executor: it refuses a statement inside the executor's transaction. */
  readonly db: Db;

  constructor(connection: Db, filesDir: string) {
    const sql = new SqliteExecutor(connection);
    super(sql);
    this.db = sql.connection;
    this.files = new FileStore(filesDir, sql, this.db);
    this.feed = new SqliteFeedStore(this.db, this.files, sql, connection);
  }

  protected readonly monthTallies: MonthTally = (...args) => sqliteMonthTallies(this.sql, ...args);

  /**
   * Opens (checked, migrated) the file. A server waits for another process's lock only briefly (it would stop the
   * event loop meanwhile) and answers 503; a command waits longer.
   */
  static open(dbPath: string, filesDir: string, role: 'server' | 'command'): SqliteEngine {
    const db = openDatabase(dbPath);
    if (role === 'server') waitBrieflyForLocks(db);
    return new SqliteEngine(db, filesDir);
  }

  openMachineReader(): MachineReader {
    return openMachineReader(this.db);
  }

  async getMachine(id: string) {
    return getMachine(this.db, id);
  }

  async listMachines(districts?: readonly District[]) {
    return listMachines(this.db, districts);
  }

  async countMachines() {
    return countMachines(this.db);
  }

  async editMachine(id: string, update: MachineChange, actor: Actor, at?: Date): Promise<MachineEditResult | null> {
    return applyMachineEdit(this.db, id, update, actor, at);
  }

  async saveMachines(
    rows: readonly MachineRow[],
    photos: ReadonlyMap<string, RowPhoto>,
    audit?: ImportAuditInput,
    onSaved?: RowsSaved,
  ): Promise<SaveCounts> {
    return this.db
      .transaction(() => {
        const saved = saveMachineRows(this.db, this.files, rows, photos, audit?.at, onSaved);
        if (audit) {
          const { actorKind, address, ...entry } = audit;
          recordImport(this.db, {
            ...entry,
            ...saved,
            photos: photos.size,
            actor_kind: actorKind ?? 'command',
            address: address ?? null,
          });
          // Real data is in: demo data must never be added on a later start.
          this.markSeeded();
        }
        return saved;
      })
      .immediate();
  }

  async seed(rows: readonly MachineRow[], photos: ReadonlyMap<string, RowPhoto>): Promise<boolean> {
    return this.db
      .transaction(() => {
        // Another process may have seeded while the photos were written.
        if (getMeta(this.db, SEEDED_META_KEY) !== undefined) return false;
        saveMachineRows(this.db, this.files, rows, photos);
        this.markSeeded();
        return true;
      })
      .immediate();
  }

  private markSeeded(): void {
    if (getMeta(this.db, SEEDED_META_KEY) === undefined) setMeta(this.db, SEEDED_META_KEY, new Date().toISOString());
  }

  /** Only the import command writes from another process: its imports are seen through data_version and the audit. */
  async watchChanges(handlers: ChangeHandlers): Promise<() => Promise<void>> {
    const stop = watchImports(
      this.db,
      ({ at, inserted, updated }) => handlers.import({ at, inserted, updated }),
      handlers.error,
    );
    return async () => stop();
  }

  poolStats(): null {
    return null;
  }

  isBusyError(error: unknown): boolean {
    return isBusyError(error);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
