import type { Actor } from '../../accounts/actor';
import type { ApiMachine } from '../../machines/apiMachine';
import { confirmable, HOLD_COLUMNS, nextBaseline, toFeedHold, type FeedHoldRecord } from '../feedHoldRecord';
import type * as feed from '../feedStore';
import { pgApplyMachineEdit } from './machines';
import type { Queryable } from './pool';

/**
 * PostgreSQL: the holds of mass deactivations and the baseline they are measured against (decision 0038), each
 * function inside the caller's transaction. The writers take the write lock first (pool.ts), so a sync and an admin's
 * decision on any instance take turns, and each reads the hold as the other left it.
 */

async function readHold(db: Queryable, id: number, lock = false): Promise<feed.FeedHold | null> {
  const { rows } = await db.query<FeedHoldRecord>(
    `SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? toFeedHold(rows[0]) : null;
}

async function waitingHold(db: Queryable): Promise<feed.FeedHold | null> {
  const { rows } = await db.query<FeedHoldRecord>(`SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE state = 'held'`);
  return rows[0] ? toFeedHold(rows[0]) : null;
}

/** The rejected holds that still keep machines: id → the machines kept. */
async function keepingHolds(db: Queryable): Promise<Map<number, string[]>> {
  const { rows } = await db.query<{ id: number; kept_ids: string }>(
    'SELECT id, kept_ids FROM feed_holds WHERE json_array_length(kept_ids) > 0',
  );
  return new Map(rows.map((row) => [Number(row.id), JSON.parse(row.kept_ids) as string[]]));
}

async function readBaseline(db: Queryable): Promise<feed.FeedBaseline | null> {
  const { rows } = await db.query<feed.FeedBaseline>('SELECT active, since FROM feed_baseline');
  return rows[0] ?? null;
}

async function activeIds(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM machines WHERE NOT deactivated');
  return new Set(rows.map((row) => row.id));
}

async function countActive(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM machines WHERE NOT deactivated');
  return rows[0]!.n;
}

async function writeBaseline(db: Queryable, baseline: feed.FeedBaseline): Promise<void> {
  await db.query(
    `INSERT INTO feed_baseline (active, since) VALUES ($1, $2)
     ON CONFLICT (only_row) DO UPDATE SET active = excluded.active, since = excluded.since`,
    [baseline.active, baseline.since],
  );
}

export async function pgReadHoldContext(db: Queryable, at: string): Promise<feed.HoldContext> {
  return {
    at,
    activeIds: await activeIds(db),
    keptIds: new Set([...(await keepingHolds(db)).values()].flat()),
    baseline: await readBaseline(db),
    held: await waitingHold(db),
  };
}

/** After the sync's machines are written: the waiting hold ended or replaced, kept machines released, the baseline. */
export async function pgWriteHoldOutcome(
  db: Queryable,
  context: feed.HoldContext,
  outcome: feed.HoldOutcome,
): Promise<void> {
  const { at, held } = context;
  if (held && outcome.ends) {
    await db.query('UPDATE feed_holds SET state = $1, decided_at = $2 WHERE id = $3', [outcome.ends, at, held.id]);
  }
  if (outcome.opens) {
    const { machineIds, active, remaining, baseline } = outcome.opens;
    await db.query(
      `INSERT INTO feed_holds (held_at, machine_ids, active, remaining, baseline, baseline_since, state)
       VALUES ($1, $2, $3, $4, $5, $6, 'held')`,
      [at, JSON.stringify(machineIds), active, remaining, baseline.active, baseline.since],
    );
  }
  if (outcome.released.length > 0) {
    const released = new Set(outcome.released);
    for (const [id, kept] of await keepingHolds(db)) {
      const still = kept.filter((machineId) => !released.has(machineId));
      if (still.length < kept.length) {
        await db.query('UPDATE feed_holds SET kept_ids = $1 WHERE id = $2', [JSON.stringify(still), id]);
      }
    }
  }
  const activeNow = await countActive(db);
  await writeBaseline(
    db,
    nextBaseline(context.baseline, context.activeIds.size, activeNow, outcome.ends === 'confirmed', at),
  );
}

export async function pgHoldStatus(db: Queryable): Promise<feed.HoldStatus> {
  return {
    held: await waitingHold(db),
    kept: new Set([...(await keepingHolds(db)).values()].flat()).size,
    baseline: await readBaseline(db),
  };
}

export async function pgListHolds(db: Queryable, limit: number): Promise<feed.FeedHold[]> {
  const { rows } = await db.query<FeedHoldRecord>(`SELECT ${HOLD_COLUMNS} FROM feed_holds ORDER BY id DESC LIMIT $1`, [
    limit,
  ]);
  return rows.map(toFeedHold);
}

/** The decision as an entry of the audit: who, from where, and the machines it deactivated or kept. */
async function auditDecision(
  db: Queryable,
  holdId: number,
  decision: feed.HoldVerdict,
  machineIds: string[],
  actor: Actor,
  at: string,
): Promise<void> {
  await db.query(
    `INSERT INTO feed_hold_audit (hold_id, decision, machine_ids, at, actor, actor_kind, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [holdId, decision, JSON.stringify(machineIds), at, actor.name, actor.kind, actor.address],
  );
}

/** In the caller's write transaction: the machines deactivated, each audited under `actor`. */
export async function pgConfirmHold(db: Queryable, id: number, actor: Actor, at: Date): Promise<feed.HoldDecision> {
  const hold = await readHold(db, id, true);
  const ids = hold && confirmable(hold);
  if (!hold || !ids) return { done: false, hold };
  const active = await activeIds(db);
  const machines: ApiMachine[] = [];
  for (const machineId of ids.filter((candidate) => active.has(candidate))) {
    const result = await pgApplyMachineEdit(db, machineId, { deactivated: true }, actor, at);
    if (result) machines.push(result.machine);
  }
  const timestamp = at.toISOString();
  await db.query(
    `UPDATE feed_holds SET state = 'confirmed', decided_at = $1, decided_by = $2, kept_ids = '[]' WHERE id = $3`,
    [timestamp, actor.name, id],
  );
  const deactivated = machines.map((machine) => machine.id);
  await auditDecision(db, id, 'confirmed', deactivated, actor, timestamp);
  await writeBaseline(db, { active: await countActive(db), since: timestamp });
  return { done: true, hold: (await readHold(db, id))!, machines };
}

export async function pgRejectHold(db: Queryable, id: number, actor: Actor, at: Date): Promise<feed.HoldDecision> {
  const hold = await readHold(db, id, true);
  if (!hold || hold.state !== 'held') return { done: false, hold };
  const active = await activeIds(db);
  const kept = hold.machineIds.filter((machineId) => active.has(machineId));
  const timestamp = at.toISOString();
  await db.query(
    `UPDATE feed_holds SET state = 'rejected', decided_at = $1, decided_by = $2, rejected_at = $1, rejected_by = $2,
       kept_ids = $3 WHERE id = $4`,
    [timestamp, actor.name, JSON.stringify(kept), id],
  );
  await auditDecision(db, id, 'rejected', kept, actor, timestamp);
  return { done: true, hold: (await readHold(db, id))!, machines: [] };
}
