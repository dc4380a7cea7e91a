import type { Actor } from '../../accounts/actor';
import type { ApiMachine } from '../../machines/apiMachine';
import { confirmable, HOLD_COLUMNS, nextBaseline, toFeedHold, type FeedHoldRecord } from '../feedHoldRecord';
import type * as feed from '../feedStore';
import { applyMachineEdit } from './applyMachineEdit';
import type { Db } from './open';

/**
 * SQLite: the holds of mass deactivations and the baseline they are measured against (decision 0038). Each
 * function runs inside the caller's transaction, except the admin's decisions, which are one each.
 */

const readHold = (db: Db, id: number): feed.FeedHold | null => {
  const record = db.prepare(`SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE id = ?`).get(id) as
    FeedHoldRecord | undefined;
  return record ? toFeedHold(record) : null;
};

const waitingHold = (db: Db): feed.FeedHold | null => {
  const record = db.prepare(`SELECT ${HOLD_COLUMNS} FROM feed_holds WHERE state = 'held'`).get() as
    FeedHoldRecord | undefined;
  return record ? toFeedHold(record) : null;
};

/** The rejected holds that still keep machines: id → the machines kept. */
const keepingHolds = (db: Db): Map<number, string[]> => {
  const rows = db.prepare("SELECT id, kept_ids FROM feed_holds WHERE kept_ids <> '[]'").raw().all() as [
    number,
    string,
  ][];
  return new Map(rows.map(([id, kept]) => [id, JSON.parse(kept) as string[]]));
};

const activeIds = (db: Db): Set<string> =>
  new Set(db.prepare('SELECT id FROM machines WHERE deactivated = 0').pluck().all() as string[]);

const readBaseline = (db: Db): feed.FeedBaseline | null =>
  (db.prepare('SELECT active, since FROM feed_baseline').get() as feed.FeedBaseline | undefined) ?? null;

const countActive = (db: Db): number =>
  Number(db.prepare('SELECT count(*) FROM machines WHERE deactivated = 0').pluck().get());

function writeBaseline(db: Db, baseline: feed.FeedBaseline): void {
  db.prepare(
    `INSERT INTO feed_baseline (only_row, active, since) VALUES (1, ?, ?)
     ON CONFLICT (only_row) DO UPDATE SET active = excluded.active, since = excluded.since`,
  ).run(baseline.active, baseline.since);
}

export function readHoldContext(db: Db, at: string): feed.HoldContext {
  return {
    at,
    activeIds: activeIds(db),
    keptIds: new Set([...keepingHolds(db).values()].flat()),
    baseline: readBaseline(db),
    held: waitingHold(db),
  };
}

/** After the sync's machines are written: the waiting hold ended or replaced, kept machines released, the baseline. */
export function writeHoldOutcome(db: Db, context: feed.HoldContext, outcome: feed.HoldOutcome): void {
  const { at, held } = context;
  if (held && outcome.ends) {
    db.prepare('UPDATE feed_holds SET state = ?, decided_at = ? WHERE id = ?').run(outcome.ends, at, held.id);
  }
  if (outcome.opens) {
    const { machineIds, active, remaining, baseline } = outcome.opens;
    db.prepare(
      `INSERT INTO feed_holds (held_at, machine_ids, active, remaining, baseline, baseline_since, state)
       VALUES (?, ?, ?, ?, ?, ?, 'held')`,
    ).run(at, JSON.stringify(machineIds), active, remaining, baseline.active, baseline.since);
  }
  if (outcome.released.length > 0) {
    const released = new Set(outcome.released);
    const keep = db.prepare('UPDATE feed_holds SET kept_ids = ? WHERE id = ?');
    for (const [id, kept] of keepingHolds(db)) {
      const still = kept.filter((machineId) => !released.has(machineId));
      if (still.length < kept.length) keep.run(JSON.stringify(still), id);
    }
  }
  writeBaseline(
    db,
    nextBaseline(context.baseline, context.activeIds.size, countActive(db), outcome.ends === 'confirmed', at),
  );
}

export function holdStatus(db: Db): feed.HoldStatus {
  return {
    held: waitingHold(db),
    kept: new Set([...keepingHolds(db).values()].flat()).size,
    baseline: readBaseline(db),
  };
}

export function listHolds(db: Db, limit: number): feed.FeedHold[] {
  const records = db
    .prepare(`SELECT ${HOLD_COLUMNS} FROM feed_holds ORDER BY id DESC LIMIT ?`)
    .all(limit) as FeedHoldRecord[];
  return records.map(toFeedHold);
}

/** The decision as an entry of the audit: who, from where, and the machines it deactivated or kept. */
function auditDecision(
  db: Db,
  holdId: number,
  decision: feed.HoldVerdict,
  machineIds: string[],
  actor: Actor,
  at: string,
) {
  db.prepare(
    `INSERT INTO feed_hold_audit (hold_id, decision, machine_ids, at, actor, actor_kind, address)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(holdId, decision, JSON.stringify(machineIds), at, actor.name, actor.kind, actor.address);
}

export function confirmHold(db: Db, id: number, actor: Actor, at: Date): feed.HoldDecision {
  const timestamp = at.toISOString();
  return db
    .transaction((): feed.HoldDecision => {
      const hold = readHold(db, id);
      const ids = hold && confirmable(hold);
      if (!hold || !ids) return { done: false, hold };
      const active = activeIds(db);
      const machines: ApiMachine[] = [];
      for (const machineId of ids.filter((candidate) => active.has(candidate))) {
        // Audited machine by machine, as an operator's own change, under the admin's (or the token's) name and address.
        const result = applyMachineEdit(db, machineId, { deactivated: true }, actor, at);
        if (result) machines.push(result.machine);
      }
      db.prepare(
        "UPDATE feed_holds SET state = 'confirmed', decided_at = ?, decided_by = ?, kept_ids = '[]' WHERE id = ?",
      ).run(timestamp, actor.name, id);
      const deactivated = machines.map((machine) => machine.id);
      auditDecision(db, id, 'confirmed', deactivated, actor, timestamp);
      writeBaseline(db, { active: countActive(db), since: timestamp });
      return { done: true, hold: readHold(db, id)!, machines };
    })
    .immediate();
}

export function rejectHold(db: Db, id: number, actor: Actor, at: Date): feed.HoldDecision {
  const timestamp = at.toISOString();
  return db
    .transaction((): feed.HoldDecision => {
      const hold = readHold(db, id);
      if (!hold || hold.state !== 'held') return { done: false, hold };
      const active = activeIds(db);
      const kept = hold.machineIds.filter((machineId) => active.has(machineId));
      db.prepare(
        `UPDATE feed_holds SET state = 'rejected', decided_at = @at, decided_by = @actor, rejected_at = @at,
           rejected_by = @actor, kept_ids = @kept WHERE id = @id`,
      ).run({ at: timestamp, actor: actor.name, kept: JSON.stringify(kept), id });
      auditDecision(db, id, 'rejected', kept, actor, timestamp);
      return { done: true, hold: readHold(db, id)!, machines: [] };
    })
    .immediate();
}
