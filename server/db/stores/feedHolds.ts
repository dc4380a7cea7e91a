import type { Actor } from '../../accounts/actor';
import type { ApiMachine } from '../../machines/apiMachine';
import type { Executor } from '../executor';
import { confirmable, HOLD_COLUMNS, nextBaseline, toFeedHold, type FeedHoldRecord } from '../feedHoldRecord';
import type * as feed from '../feedStore';

/**
 * The holds of mass deactivations and the baseline they are measured against (decision 0038), each function inside
 * the caller's transaction `tx` but the reads of the console. The writers take the write lock first (PostgreSQL's
 * pool.ts, SQLite's IMMEDIATE), so a sync and an admin's decision on any instance take turns, and each reads the
 * hold as the other left it.
 */

/** Reading a hold to decide on it: PostgreSQL locks its row; SQLite's IMMEDIATE transaction holds the file already. */
const FOR_UPDATE: Record<Executor['dialect'], string> = { postgres: ' FOR UPDATE', sqlite: '' };

async function readHold(tx: Executor, id: number, lock = false): Promise<feed.FeedHold | null> {
  const sql = `SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE id = ?${lock ? FOR_UPDATE[tx.dialect] : ''}`;
  const record = await tx.get<FeedHoldRecord>(sql, [id]);
  return record ? toFeedHold(record) : null;
}

async function waitingHold(db: Executor): Promise<feed.FeedHold | null> {
  const record = await db.get<FeedHoldRecord>(`SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE state = 'held'`);
  return record ? toFeedHold(record) : null;
}

/** The rejected holds that still keep machines: id → the machines kept. */
async function keepingHolds(db: Executor): Promise<Map<number, string[]>> {
  const rows = await db.all<{ id: number; kept_ids: string }>(
    'SELECT id, kept_ids FROM feed_holds WHERE json_array_length(kept_ids) > 0',
  );
  return new Map(rows.map((row) => [Number(row.id), JSON.parse(row.kept_ids) as string[]]));
}

async function readBaseline(db: Executor): Promise<feed.FeedBaseline | null> {
  const row = await db.get<feed.FeedBaseline>('SELECT active, since FROM feed_baseline');
  return row ? { active: Number(row.active), since: row.since } : null;
}

async function activeIds(tx: Executor): Promise<Set<string>> {
  const rows = await tx.all<{ id: string }>('SELECT id FROM machines WHERE NOT deactivated');
  return new Set(rows.map((row) => row.id));
}

async function countActive(tx: Executor): Promise<number> {
  const row = await tx.get<{ n: number }>('SELECT count(*) AS n FROM machines WHERE NOT deactivated');
  return Number(row?.n);
}

async function writeBaseline(tx: Executor, baseline: feed.FeedBaseline): Promise<void> {
  await tx.run(
    `INSERT INTO feed_baseline (only_row, active, since) VALUES (?, ?, ?)
     ON CONFLICT (only_row) DO UPDATE SET active = excluded.active, since = excluded.since`,
    [true, baseline.active, baseline.since],
  );
}

export async function readHoldContext(tx: Executor, at: string): Promise<feed.HoldContext> {
  return {
    at,
    activeIds: await activeIds(tx),
    keptIds: new Set([...(await keepingHolds(tx)).values()].flat()),
    baseline: await readBaseline(tx),
    held: await waitingHold(tx),
  };
}

/** After the sync's machines are written: the waiting hold ended or replaced, kept machines released, the baseline. */
export async function writeHoldOutcome(
  tx: Executor,
  context: feed.HoldContext,
  outcome: feed.HoldOutcome,
): Promise<void> {
  const { at, held } = context;
  if (held && outcome.ends) {
    await tx.run('UPDATE feed_holds SET state = ?, decided_at = ? WHERE id = ?', [outcome.ends, at, held.id]);
  }
  if (outcome.opens) {
    const { machineIds, active, remaining, baseline } = outcome.opens;
    await tx.run(
      `INSERT INTO feed_holds (held_at, machine_ids, active, remaining, baseline, baseline_since, state)
       VALUES (?, ?, ?, ?, ?, ?, 'held')`,
      [at, JSON.stringify(machineIds), active, remaining, baseline.active, baseline.since],
    );
  }
  if (outcome.released.length > 0) {
    const released = new Set(outcome.released);
    for (const [id, kept] of await keepingHolds(tx)) {
      const still = kept.filter((machineId) => !released.has(machineId));
      if (still.length < kept.length) {
        await tx.run('UPDATE feed_holds SET kept_ids = ? WHERE id = ?', [JSON.stringify(still), id]);
      }
    }
  }
  const activeNow = await countActive(tx);
  await writeBaseline(
    tx,
    nextBaseline(context.baseline, context.activeIds.size, activeNow, outcome.ends === 'confirmed', at),
  );
}

export async function holdStatus(db: Executor): Promise<feed.HoldStatus> {
  return {
    held: await waitingHold(db),
    kept: new Set([...(await keepingHolds(db)).values()].flat()).size,
    baseline: await readBaseline(db),
  };
}

export async function listHolds(db: Executor, limit: number): Promise<feed.FeedHold[]> {
  const records = await db.all<FeedHoldRecord>(`SELECT ${HOLD_COLUMNS} FROM feed_holds ORDER BY id DESC LIMIT ?`, [
    limit,
  ]);
  return records.map(toFeedHold);
}

/** The decision as an entry of the audit: who, from where, and the machines it deactivated or kept. */
async function auditDecision(
  tx: Executor,
  holdId: number,
  decision: feed.HoldVerdict,
  machineIds: string[],
  actor: Actor,
  at: string,
): Promise<void> {
  await tx.run(
    `INSERT INTO feed_hold_audit (hold_id, decision, machine_ids, at, actor, actor_kind, address)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [holdId, decision, JSON.stringify(machineIds), at, actor.name, actor.kind, actor.address],
  );
}

/**
 * In the caller's write transaction: the hold's machines still active deactivated by `deactivate` (the engine's
 * machine edit, audited machine by machine under the admin's or the token's name and address).
 */
export async function confirmHold(
  tx: Executor,
  id: number,
  actor: Actor,
  at: Date,
  deactivate: (machineId: string) => Promise<ApiMachine | null>,
): Promise<feed.HoldDecision> {
  const hold = await readHold(tx, id, true);
  const ids = hold && confirmable(hold);
  if (!hold || !ids) return { done: false, hold };
  const active = await activeIds(tx);
  const machines: ApiMachine[] = [];
  for (const machineId of ids.filter((candidate) => active.has(candidate))) {
    const machine = await deactivate(machineId);
    if (machine) machines.push(machine);
  }
  const timestamp = at.toISOString();
  await tx.run(
    `UPDATE feed_holds SET state = 'confirmed', decided_at = ?, decided_by = ?, kept_ids = '[]' WHERE id = ?`,
    [timestamp, actor.name, id],
  );
  const deactivated = machines.map((machine) => machine.id);
  await auditDecision(tx, id, 'confirmed', deactivated, actor, timestamp);
  await writeBaseline(tx, { active: await countActive(tx), since: timestamp });
  return { done: true, hold: (await readHold(tx, id))!, machines };
}

/** In the caller's write transaction: a waiting hold rejected, its machines still active kept. */
export async function rejectHold(tx: Executor, id: number, actor: Actor, at: Date): Promise<feed.HoldDecision> {
  const hold = await readHold(tx, id, true);
  if (!hold || hold.state !== 'held') return { done: false, hold };
  const active = await activeIds(tx);
  const kept = hold.machineIds.filter((machineId) => active.has(machineId));
  const timestamp = at.toISOString();
  await tx.run(
    `UPDATE feed_holds SET state = 'rejected', decided_at = ?, decided_by = ?, rejected_at = ?, rejected_by = ?,
       kept_ids = ? WHERE id = ?`,
    [timestamp, actor.name, timestamp, actor.name, JSON.stringify(kept), id],
  );
  await auditDecision(tx, id, 'rejected', kept, actor, timestamp);
  return { done: true, hold: (await readHold(tx, id))!, machines: [] };
}
