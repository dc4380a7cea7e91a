// Issue 51 points 1 and 2: a mass deactivation measured against a baseline that does not follow the feed down, a hold
// confirmed only by the same machines, and an admin's confirmation or rejection. On SQLite and on PostgreSQL.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../server/accounts/actor';
import { FeedFollower } from '../../server/feed/follower';
import { MachineBus } from '../../server/live/bus';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { feedData, listOf, startFakeFeed, testFollowerOptions, type FakeFeed } from './fakeFeed';
import { itPostgresOnly, startTestServer, type TestServer } from './helpers';

/** As many machines as the demo data, RVM-001 to RVM-129. */
const FLEET = 129;
const idOf = (n: number): string => `RVM-${String(n).padStart(3, '0')}`;
/** RVM-from to RVM-to, as the feed sends them. */
const range = (fleet: readonly ApiMachine[], from: number, to: number): ApiMachine[] =>
  fleet.filter((_, i) => i + 1 >= from && i + 1 <= to);
/** An admin as the review's routes pass one: the caller's name and address. */
const person = (name: string): Actor => ({ kind: 'person', name, address: '127.0.0.1' });
const idsOf = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => idOf(from + i));

let fleet: ApiMachine[];
beforeAll(async () => {
  // One fixture machine, photo-less, 129 times: nothing here waits for photos.
  const { picture: _picture, ...machine } = (await feedData()).rvms[0]!;
  fleet = Array.from({ length: FLEET }, (_, i) => ({ ...machine, id: idOf(i + 1), deactivated: false }));
});

describe('a mass deactivation, held', () => {
  let feed: FakeFeed;
  let server: TestServer;
  let logs: string[];
  const followers: FeedFollower[] = [];

  const follow = (instance = 'one'): FeedFollower => {
    const follower = new FeedFollower(server.engine, new MachineBus(), {
      ...testFollowerOptions(feed.url, logs),
      // Polled by hand; the interval is the poller lease's length, which must outlast a busy machine's pauses.
      intervalMs: 60_000,
      instance,
    });
    followers.push(follower);
    return follower;
  };
  const activeIds = async (): Promise<string[]> =>
    (await listOf(server)).filter((machine) => !machine.deactivated).map((machine) => machine.id);
  /** The feed answers `rvms` to the follower's next poll. */
  const answer = async (follower: FeedFollower, rvms: ApiMachine[]): Promise<void> => {
    feed.rvms = structuredClone(rvms);
    await follower.poll();
  };

  beforeEach(async () => {
    feed = await startFakeFeed([]);
    server = await startTestServer();
    logs = [];
  });

  afterEach(async () => {
    for (const follower of followers.splice(0)) await follower.stop();
    await server.close();
    await feed.close();
  });

  it('holds a feed that drops just under half each poll (129 → 66 → 34 → 18 → 10), however many steps', async () => {
    const follower = follow();
    await answer(follower, fleet);
    const steps: { sent: number; active: number; held: number | null }[] = [];
    for (const sent of [66, 34, 18, 10]) {
      await answer(follower, range(fleet, 1, sent));
      steps.push({
        sent,
        active: (await activeIds()).length,
        held: follower.status().heldDeactivation?.machines ?? null,
      });
    }
    // 66 of 129 is half or more: written. Below half of the most active since (129), each answer is held.
    expect(steps).toEqual([
      { sent: 66, active: 66, held: null },
      { sent: 34, active: 66, held: 32 },
      { sent: 18, active: 66, held: 48 },
      { sent: 10, active: 66, held: 56 },
    ]);
    expect(follower.status().heldDeactivation).toMatchObject({ active: 66, remaining: 10, baseline: 129 });
    const [held] = await server.engine.feed.holds(10);
    expect(held).toMatchObject({
      state: 'held',
      machineIds: idsOf(11, 66),
      active: 66,
      remaining: 10,
      baseline: { active: 129 },
    });
  });

  it('is confirmed by the same machines, or fewer; an answer naming others is measured afresh (the swap)', async () => {
    const follower = follow();
    await answer(follower, fleet);
    // A: RVM-001 to RVM-040, with new statuses; 89 would go.
    const a = range(fleet, 1, 40).map((machine) => ({ ...machine, status: 'Full' as const }));
    await answer(follower, a);
    expect(follower.status().heldDeactivation).toMatchObject({ machines: 89 });
    // The held answer's statuses apply meanwhile.
    expect((await listOf(server)).filter((machine) => machine.status === 'Full').map((m) => m.id)).toEqual(
      idsOf(1, 40),
    );

    // B: RVM-090 to RVM-129. It would deactivate RVM-001 to RVM-089, the 40 that A said are there among them.
    await answer(follower, range(fleet, 90, 129));
    expect(await activeIds()).toHaveLength(FLEET);
    expect(follower.status().heldDeactivation).toMatchObject({ machines: 89, remaining: 40, baseline: 129 });
    const [b, heldA] = await server.engine.feed.holds(10);
    expect(b).toMatchObject({ state: 'held', machineIds: idsOf(1, 89) });
    expect(heldA).toMatchObject({ state: 'replaced', machineIds: idsOf(41, 129), decidedBy: null });

    // B again: the same machines; confirmed.
    await answer(follower, range(fleet, 90, 129));
    expect(await activeIds()).toEqual(idsOf(90, 129));
    expect(follower.status().heldDeactivation).toBeNull();
    expect((await server.engine.feed.holds(1))[0]).toMatchObject({ state: 'confirmed', decidedBy: null });
    expect(logs.filter((line) => line.includes('held') || line.includes('confirms'))).toEqual([
      'warn feed: the answer would leave 40 of the 129 machines active (the most since the last confirmed deactivation); 89 deactivations held until the next answer confirms them or an admin decides',
      'warn feed: the next answer would deactivate other machines (89, leaving 40 of 129 active): held afresh',
      'warn feed: the next answer confirms the held deactivation: 89 machines deactivated',
    ]);
  });

  it('is confirmed by an answer that deactivates fewer of the held machines; the baseline then starts again', async () => {
    const follower = follow();
    await answer(follower, fleet);
    await answer(follower, range(fleet, 1, 40));
    await answer(follower, range(fleet, 1, 50));
    expect(await activeIds()).toEqual(idsOf(1, 50));
    expect(follower.status().heldDeactivation).toBeNull();
    // Measured against 50 now: 26 of them is written at once.
    await answer(follower, range(fleet, 1, 26));
    expect(await activeIds()).toHaveLength(26);
    expect(follower.status().heldDeactivation).toBeNull();
  });

  it('lives in the database: a follower started later (a restart, another instance) confirms it', async () => {
    const first = follow('one');
    await answer(first, fleet);
    await answer(first, range(fleet, 1, 40));
    await first.stop();
    const second = follow('two');
    await answer(second, range(fleet, 1, 40));
    expect(await activeIds()).toEqual(idsOf(1, 40));
  });

  it('is decided by an admin on any instance; the poller follows the decision at its next answer', async () => {
    const poller = follow('one');
    const other = follow('two');
    await answer(poller, fleet);
    await answer(poller, range(fleet, 1, 40));
    const { id } = poller.status().heldDeactivation!;
    expect(await other.rejectHold(id, person('Alice Admin'))).toMatchObject({ done: true });
    expect(other.status()).toMatchObject({ heldDeactivation: null, keptMachines: 89 });
    await answer(poller, range(fleet, 1, 40));
    expect(await activeIds()).toHaveLength(FLEET);
    expect(poller.status()).toMatchObject({ heldDeactivation: null, keptMachines: 89 });
  });

  itPostgresOnly('instances share one database', 'is shown by a standby as the poller held it', async () => {
    const poller = follow('one');
    const standby = follow('two');
    await answer(poller, fleet);
    await answer(poller, range(fleet, 1, 40));
    await standby.poll();
    expect(standby.status()).toMatchObject({
      role: 'standby',
      heldDeactivation: { machines: 89, remaining: 40, baseline: 129 },
    });
  });

  it('is confirmed by an admin at once, audited with their name', async () => {
    const follower = follow();
    await answer(follower, fleet);
    await answer(follower, range(fleet, 1, 40));
    const { id } = follower.status().heldDeactivation!;
    const decision = await follower.confirmHold(id, person('Alice Admin'));
    expect(decision).toMatchObject({ done: true, hold: { state: 'confirmed', decidedBy: 'Alice Admin' } });
    expect(await activeIds()).toEqual(idsOf(1, 40));
    expect(follower.status().heldDeactivation).toBeNull();
    const audit = await server.sql.all<{ machine_id: string; actor: string }>(
      'SELECT machine_id, actor FROM machine_status_audit ORDER BY machine_id',
    );
    expect(audit).toEqual(idsOf(41, 129).map((machineId) => ({ machine_id: machineId, actor: 'Alice Admin' })));
    // Done once: a second decision finds it closed.
    expect(await follower.rejectHold(id, person('Bob Admin'))).toMatchObject({
      done: false,
      hold: { state: 'confirmed' },
    });
    expect(await follower.confirmHold(id + 1000, person('Bob Admin'))).toEqual({ done: false, hold: null });
    // The baseline starts again from the 40: the same answer again changes nothing.
    await answer(follower, range(fleet, 1, 40));
    expect(follower.status().heldDeactivation).toBeNull();
  });

  it('keeps the machines of a hold an admin rejects, until the feed sends them again', async () => {
    const follower = follow();
    await answer(follower, fleet);
    await answer(follower, range(fleet, 1, 40));
    const { id } = follower.status().heldDeactivation!;
    expect(await follower.rejectHold(id, person('Alice Admin'))).toMatchObject({
      done: true,
      hold: { state: 'rejected', decidedBy: 'Alice Admin', keptIds: idsOf(41, 129) },
    });
    expect(follower.status()).toMatchObject({ heldDeactivation: null, keptMachines: 89 });

    // The feed keeps leaving them out: they stay, and nothing is held again; its statuses apply.
    for (let poll = 0; poll < 3; poll++) {
      await answer(
        follower,
        range(fleet, 1, 40).map((machine) => ({ ...machine, status: poll % 2 ? '<=5%' : 'Full' })),
      );
      expect(await activeIds()).toHaveLength(FLEET);
      expect(follower.status().heldDeactivation).toBeNull();
    }
    expect((await listOf(server)).find((machine) => machine.id === 'RVM-001')?.status).toBe('Full');

    // Those the feed sends again leave the rejection; the rest stay kept.
    await answer(follower, range(fleet, 1, 100));
    expect(follower.status().keptMachines).toBe(29);
    expect(await activeIds()).toHaveLength(FLEET);
    await answer(follower, fleet);
    expect(follower.status().keptMachines).toBe(0);
    expect((await server.engine.feed.holds(1))[0]).toMatchObject({ state: 'rejected', keptIds: [] });
    // Once the feed has sent them all again, a mass deactivation is measured and held as any other.
    await answer(follower, range(fleet, 1, 40));
    expect(follower.status().heldDeactivation).toMatchObject({ machines: 89 });
  });

  it('lets an admin confirm a rejected hold later: the machines it still keeps are deactivated', async () => {
    const follower = follow();
    await answer(follower, fleet);
    await answer(follower, range(fleet, 1, 40));
    const { id } = follower.status().heldDeactivation!;
    await follower.rejectHold(id, person('Alice Admin'));
    await answer(follower, range(fleet, 1, 100));
    expect(await follower.confirmHold(id, person('Bob Admin'))).toMatchObject({
      done: true,
      hold: { state: 'confirmed', decidedBy: 'Bob Admin', rejectedBy: 'Alice Admin', keptIds: [] },
    });
    expect(await activeIds()).toEqual(idsOf(1, 100));
    expect(follower.status().keptMachines).toBe(0);
  });
});
