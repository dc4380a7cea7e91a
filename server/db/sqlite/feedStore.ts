import type { Actor } from '../../accounts/actor';
import type { ApiMachine } from '../../machines/apiMachine';
import { sameState, type HistoryEntry } from '../../machines/history';
import * as feed from '../feedStore';
import { toApiMachine, type MachineRecord } from '../machineRecord';
import { fromStoredState, STATE_COLUMNS, type StoredState } from '../stateRecord';
import { SEEDED_META_KEY, SYNCED_AT_META_KEY } from '../metaKeys';
import type { StoredBlob } from '../photoStore';
import type { Executor } from '../executor';
import { FeedSql } from '../stores/feed';
import { confirmHold, readHoldContext, rejectHold, writeHoldOutcome } from '../stores/feedHolds';
import { applyMachineEdit } from './applyMachineEdit';
import type { FileStore } from './fileStore';
import { insertHistoryEntry } from './historyEntries';
import { pruneEpisodes } from './serviceEpisodes';
import { getMachine, prepareUpsert } from './machines';
import { getMeta, setMeta } from './meta';
import type { Db } from './open';

type HistoryRow = StoredState & Pick<HistoryEntry, 'at'>;

/**
 * The feed's reads and writes on SQLite, each write one IMMEDIATE transaction. One server process uses an SQLite
 * file (docs/deploy.md), so it is always the poller: the lease is its own and no write is fenced.
 */
export class SqliteFeedStore extends FeedSql implements feed.FeedStore {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    sql: Executor,
    /**
     * The connection itself, for the machines' synchronous SQL inside the executor's transactions (the holds are on
     * the executor, the machines not yet): only within a transaction's body, which ends in its turn of the loop.
     */
    private readonly inTransaction: Db,
  ) {
    super(sql);
  }

  applySnapshot(
    answerMachines: readonly feed.FeedMachine[],
    answerIds: readonly string[],
    { at = new Date(), hold }: feed.SnapshotOptions = {},
  ): Promise<feed.SnapshotChanges> {
    const timestamp = at.toISOString();
    return this.sql.transaction(async (tx) => {
      const context = hold ? await readHoldContext(tx, timestamp) : null;
      const outcome = hold && context ? hold(context) : undefined;
      const changes = this.writeMachines(outcome ?? { machines: answerMachines, presentIds: answerIds }, at);
      if (!context || !outcome) return changes;
      await writeHoldOutcome(tx, context, outcome);
      return { ...changes, hold: outcome };
    });
  }

  /** A sync's machines, history and meta, in the transaction's turn. */
  private writeMachines(
    { machines, presentIds }: Pick<feed.HoldOutcome, 'machines' | 'presentIds'>,
    at: Date,
  ): feed.SnapshotChanges {
    const db = this.inTransaction;
    const timestamp = at.toISOString();
    const upsert = prepareUpsert(db, at);
    const read = db.prepare('SELECT * FROM machines WHERE id = ?');
    const clearPicture = db.prepare('UPDATE machines SET picture_id = NULL WHERE id = ?');
    const changes: feed.SnapshotChanges = { inserted: 0, updated: 0, deactivated: 0, machines: [] };
    const changed = (id: string, before: ApiMachine | null): void => {
      const after = getMachine(db, id)!;
      changes.machines.push(after);
      if (before === null || !sameState(before, after)) insertHistoryEntry(db, after, timestamp);
    };

    for (const { row, photo } of machines) {
      const stored = read.get(row.id) as MachineRecord | undefined;
      const before = stored ? toApiMachine(stored) : null;
      const pictureId = feed.pictureFor(photo, stored);
      if (feed.unchanged(row, pictureId, before)) continue;
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
    if (getMeta(db, SEEDED_META_KEY) === undefined) setMeta(db, SEEDED_META_KEY, timestamp);
    if (changes.machines.length > 0) setMeta(db, SYNCED_AT_META_KEY, timestamp);
    return changes;
  }

  confirmHold(id: number, actor: Actor, at = new Date()): Promise<feed.HoldDecision> {
    const deactivate = async (machineId: string) =>
      applyMachineEdit(this.inTransaction, machineId, { deactivated: true }, actor, at)?.machine ?? null;
    return this.sql.transaction((tx) => confirmHold(tx, id, actor, at, deactivate));
  }

  rejectHold(id: number, actor: Actor, at = new Date()): Promise<feed.HoldDecision> {
    return this.sql.transaction((tx) => rejectHold(tx, id, actor, at));
  }

  async claimPoller(holder: string, _leaseMs: number, report: string | null): Promise<feed.PollerClaim> {
    return { held: true, holder, report, term: 1 };
  }

  async releasePoller(): Promise<void> {}

  async recordPhoto(
    feedId: string,
    blob: StoredBlob,
    machineIds: readonly string[],
    { at = new Date() }: feed.FeedWriteOptions = {},
  ): Promise<ApiMachine[]> {
    const { db } = this;
    const timestamp = at.toISOString();
    return db
      .transaction(() => {
        this.files.record(blob, `feed:${feedId}`);
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

  async history(id: string, since: string | null, limit: number): Promise<feed.HistoryPage | null> {
    const { db } = this;
    const rows = db
      .prepare(
        `SELECT at, ${STATE_COLUMNS.join(', ')}
         FROM machine_history WHERE machine_id = ? AND at > ? ORDER BY at, id LIMIT ?`,
      )
      .all(id, since ?? '', limit + 1) as HistoryRow[];
    if (rows.length === 0 && !db.prepare('SELECT 1 FROM machines WHERE id = ?').get(id)) return null;
    return {
      entries: rows.slice(0, limit).map(fromStoredState),
      more: rows.length > limit,
    };
  }

  async pruneHistory(retentionDays: number, now = new Date()): Promise<number> {
    const { db } = this;
    const cutoff = feed.historyCutoff(retentionDays, now);
    return db.transaction(() => {
      pruneEpisodes(db, cutoff);
      return db.prepare('DELETE FROM machine_history WHERE at < ?').run(cutoff).changes;
    })();
  }
}
