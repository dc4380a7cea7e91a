import type { Actor } from '../../accounts/actor';
import type pg from 'pg';
import type { ApiMachine } from '../../machines/apiMachine';
import { sameState, type HistoryEntry } from '../../machines/history';
import type { MachineRow } from '../../machines/validate';
import * as feed from '../feedStore';
import { toApiMachine, type MachineRecord } from '../machineRecord';
import { SEEDED_META_KEY, SYNCED_AT_META_KEY } from '../metaKeys';
import type { StoredBlob } from '../photoStore';
import type { Executor } from '../executor';
import { FeedSql } from '../stores/feed';
import { confirmHold, readHoldContext, rejectHold, writeHoldOutcome } from '../stores/feedHolds';
import { recordFile } from '../stores/files';
import { PgExecutor } from './executor';
import { HISTORY_COLUMNS, pgInsertHistory } from './historyEntries';
import { pgPruneEpisodes } from './serviceEpisodes';
import type { ChangeMessage } from './listen';
import { MACHINE_COLUMNS, pgApplyMachineEdit, pgUpsertMachines } from './machines';
import type { Queryable } from './pool';

type Notice = ChangeMessage extends infer M ? (M extends unknown ? Omit<M, 'origin'> : never) : never;

/** What the engine lends the feed store: its write transaction (with the write lock) and its NOTIFY. */
export interface PgWriter {
  write<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  notify(client: Queryable, notice: Notice): Promise<void>;
}

/** The feed's reads and writes on PostgreSQL; a sync's changes are told to the other instances. */
export class PgFeedStore extends FeedSql implements feed.FeedStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly writer: PgWriter,
    sql: Executor,
  ) {
    super(sql);
  }

  applySnapshot(
    answerMachines: readonly feed.FeedMachine[],
    answerIds: readonly string[],
    { at = new Date(), poller, hold }: feed.SnapshotOptions = {},
  ) {
    const timestamp = at.toISOString();
    return this.writer.write(async (client): Promise<feed.SnapshotChanges> => {
      await fence(client, poller);
      const tx = new PgExecutor(client, null);
      const context = hold ? await readHoldContext(tx, timestamp) : null;
      const outcome = hold && context ? hold(context) : undefined;
      const { machines, presentIds } = outcome ?? { machines: answerMachines, presentIds: answerIds };
      const { rows: stored } = await client.query<MachineRecord>(`SELECT ${MACHINE_COLUMNS} FROM machines`);
      const storedById = new Map(stored.map((record) => [record.id, record]));
      const before = new Map<string, ApiMachine | null>();
      const upserts: { row: MachineRow; pictureId: string | null }[] = [];
      const clearPicture: string[] = [];
      let inserted = 0;
      for (const { row, photo } of machines) {
        const record = storedById.get(row.id);
        const was = record ? toApiMachine(record) : null;
        const pictureId = feed.pictureFor(photo, record);
        if (before.has(row.id) || feed.unchanged(row, pictureId, was)) continue;
        upserts.push({ row, pictureId });
        if (pictureId === null && record?.picture_id) clearPicture.push(row.id);
        before.set(row.id, was);
        if (!was) inserted += 1;
      }
      await pgUpsertMachines(client, upserts, at);
      if (clearPicture.length > 0) {
        await client.query('UPDATE machines SET picture_id = NULL WHERE id = ANY($1::text[])', [clearPicture]);
      }

      const present = new Set(presentIds);
      const gone = stored.filter((record) => record.deactivated === 0 && !present.has(record.id));
      for (const record of gone) before.set(record.id, toApiMachine(record));
      if (gone.length > 0) {
        await client.query('UPDATE machines SET deactivated = true, updated_at = $1 WHERE id = ANY($2::text[])', [
          timestamp,
          gone.map((record) => record.id),
        ]);
      }

      const changed = await readMachines(client, [...before.keys()]);
      const newStates = changed.filter((machine) => {
        const was = before.get(machine.id);
        return !was || !sameState(was, machine);
      });
      await pgInsertHistory(client, newStates, timestamp);
      await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        SEEDED_META_KEY,
        timestamp,
      ]);
      const changes = { inserted, updated: upserts.length - inserted, deactivated: gone.length, machines: changed };
      if (changed.length > 0) {
        await client.query(
          'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [SYNCED_AT_META_KEY, timestamp],
        );
        await this.announce(client, changes, timestamp);
      }
      if (!context || !outcome) return changes;
      await writeHoldOutcome(tx, context, outcome);
      return { ...changes, hold: outcome };
    });
  }

  confirmHold(id: number, actor: Actor, at = new Date()): Promise<feed.HoldDecision> {
    return this.writer.write(async (client) => {
      const deactivate = async (machineId: string) =>
        (await pgApplyMachineEdit(client, machineId, { deactivated: true }, actor, at))?.machine ?? null;
      const decision = await confirmHold(new PgExecutor(client, null), id, actor, at, deactivate);
      if (decision.done) {
        const { machines } = decision;
        await this.announce(client, { machines, inserted: 0, updated: machines.length }, at.toISOString());
      }
      return decision;
    });
  }

  rejectHold(id: number, actor: Actor, at = new Date()): Promise<feed.HoldDecision> {
    return this.writer.write((client) => rejectHold(new PgExecutor(client, null), id, actor, at));
  }

  async claimPoller(holder: string, leaseMs: number, report: string | null): Promise<feed.PollerClaim> {
    const { rows } = await this.pool.query<{ holder: string; report: string | null; term: number }>(CLAIM_SQL, [
      holder,
      Math.max(1, Math.round(leaseMs)),
      report,
    ]);
    const current = rows[0];
    return {
      held: current?.holder === holder,
      holder: current?.holder ?? null,
      report: current?.report ?? null,
      term: current?.term ?? 0,
    };
  }

  async releasePoller(holder: string): Promise<void> {
    await this.pool.query("UPDATE feed_poller SET expires_at = '-infinity' WHERE holder = $1", [holder]);
  }

  recordPhoto(
    feedId: string,
    blob: StoredBlob,
    machineIds: readonly string[],
    { at = new Date(), poller }: feed.FeedWriteOptions = {},
  ) {
    const timestamp = at.toISOString();
    return this.writer.write(async (client) => {
      await fence(client, poller);
      await recordFile(new PgExecutor(client, null), blob, `feed:${feedId}`);
      await client.query(
        `INSERT INTO feed_photos (feed_id, file_id, fetched_at) VALUES ($1, $2, $3)
         ON CONFLICT (feed_id) DO UPDATE SET file_id = excluded.file_id, fetched_at = excluded.fetched_at`,
        [feedId, blob.id, timestamp],
      );
      const { rows } = await client.query<{ id: string }>(
        `UPDATE machines SET picture_id = $1, updated_at = $2
         WHERE id = ANY($3::text[]) AND picture_id IS DISTINCT FROM $1 RETURNING id`,
        [blob.id, timestamp, machineIds],
      );
      const given = new Set(rows.map((row) => row.id));
      const machines = await readMachines(
        client,
        machineIds.filter((id) => given.has(id)),
      );
      await this.announce(client, { machines, inserted: 0, updated: machines.length }, timestamp);
      return machines;
    });
  }

  async history(id: string, since: string | null, limit: number): Promise<feed.HistoryPage | null> {
    const { rows } = await this.pool.query<HistoryEntry>(
      `SELECT ${HISTORY_COLUMNS} FROM machine_history WHERE machine_id = $1 AND at > $2 ORDER BY at, id LIMIT $3`,
      [id, since ?? '', limit + 1],
    );
    if (rows.length === 0) {
      const { rowCount } = await this.pool.query('SELECT 1 FROM machines WHERE id = $1', [id]);
      if (rowCount === 0) return null;
    }
    return { entries: rows.slice(0, limit), more: rows.length > limit };
  }

  async pruneHistory(retentionDays: number, now = new Date()): Promise<number> {
    const cutoff = feed.historyCutoff(retentionDays, now);
    return this.writer.write(async (client) => {
      await pgPruneEpisodes(client, cutoff);
      const { rowCount } = await client.query('DELETE FROM machine_history WHERE at < $1', [cutoff]);
      return rowCount ?? 0;
    });
  }

  /** The other instances' pages hear what this instance's pages hear (server/feed/follower.ts publish). */
  private async announce(
    client: Queryable,
    changes: { machines: readonly ApiMachine[]; inserted: number; updated: number },
    at: string,
  ): Promise<void> {
    if (changes.machines.length === 0) return;
    if (feed.announcedAsImport(changes)) {
      await this.writer.notify(client, { type: 'import', at, inserted: changes.inserted, updated: changes.updated });
      return;
    }
    for (const machine of changes.machines) await this.writer.notify(client, { type: 'machine', id: machine.id });
  }
}

/**
 * Takes the lease when it is free or has run out (a new term), renews it for its holder (keeping the last report
 * when none is given), and answers who holds it now. Only `clock_timestamp()` is used: the database's clock, so the instances'
 * own clocks need not agree. When the row is held by another, the statement changes nothing and reads it.
 */
const CLAIM_SQL = `
WITH claimed AS (
  INSERT INTO feed_poller AS lease (holder, expires_at, report)
  VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond', $3)
  ON CONFLICT (only_row) DO UPDATE SET
    holder = excluded.holder,
    expires_at = excluded.expires_at,
    report = CASE WHEN lease.holder = excluded.holder THEN coalesce(excluded.report, lease.report) ELSE excluded.report END,
    term = CASE WHEN lease.holder = excluded.holder THEN lease.term ELSE lease.term + 1 END
  WHERE lease.holder = excluded.holder OR lease.expires_at < clock_timestamp()
  RETURNING holder, report, term
)
SELECT holder, report, term FROM claimed
UNION ALL
SELECT holder, report, term FROM feed_poller WHERE NOT EXISTS (SELECT 1 FROM claimed)`;

/**
 * Inside a write: refuses it unless `poller` holds the lease, and keeps the lease from changing hands until the write
 * commits (FOR SHARE), so the instance that wrote a sync held the lease when the sync became visible.
 */
async function fence(client: Queryable, poller: string | undefined): Promise<void> {
  if (poller === undefined) return;
  const { rows } = await client.query<{ holder: string }>('SELECT holder FROM feed_poller FOR SHARE');
  if (rows[0]?.holder !== poller) {
    throw new feed.NotThePollerError(`the feed is polled by ${rows[0]?.holder ?? 'no instance'} now`);
  }
}

/** The machines with these ids, in the order given. */
async function readMachines(db: Queryable, ids: readonly string[]): Promise<ApiMachine[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<MachineRecord>(`SELECT ${MACHINE_COLUMNS} FROM machines WHERE id = ANY($1::text[])`, [
    ids,
  ]);
  const byId = new Map(rows.map((record) => [record.id, toApiMachine(record)]));
  return ids.map((id) => byId.get(id)).filter((machine): machine is ApiMachine => machine !== undefined);
}
