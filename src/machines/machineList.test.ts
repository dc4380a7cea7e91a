import { describe, expect, it } from 'vitest';
import { EMPTY_FEED, loadedFeed, replaceMachine, type FeedList } from './feedList';
import { nextMachineList, type MachineList } from './machineList';
import { packMachines } from './packedMachines';
import { testMachine } from '../../tests/support/testMachine';

const m = testMachine;
const MIN = 60_000;
const now = Date.parse('2026-11-23T06:00:00Z');
const inputs = (feed: FeedList, nowMs: number | null = null) => ({ feed, nowMs, staleAfterMs: 30 * MIN });

describe('a live change', () => {
  it('names the row it replaced, against the list it was made from only', () => {
    const feed = loadedFeed([m('a'), m('b'), m('c', { status: 'Full' })]);
    const next = replaceMachine(feed, m('c'));
    expect(next.edit).toEqual({ from: feed.machines, rows: [2] });
    const after = replaceMachine(next, m('a', { status: 'Full' }));
    expect(after.edit).toEqual({ from: next.machines, rows: [0] });
    expect(loadedFeed(feed.machines.slice()).edit).toBeNull();
  });
});

describe('nextMachineList', () => {
  it('makes each list from the one before: the same list when nothing changed, a patched packing for a live change', () => {
    const first = nextMachineList(undefined, inputs(EMPTY_FEED));
    expect(first.packed.count).toBe(0);
    const feed = loadedFeed([m('a'), m('b'), m('c')]);
    const loaded = nextMachineList(first, inputs(feed));
    expect(loaded.machines).toBe(feed.machines);
    expect(loaded.packed.changes).toBeNull();
    expect(nextMachineList(loaded, inputs(feed))).toBe(loaded);

    const changed = replaceMachine(feed, m('c', { under_maintenance: true }));
    const live = nextMachineList(loaded, inputs(changed));
    expect(live.edit).toBe(changed.edit);
    expect(live.rows).toBe(loaded.rows);
    expect(live.allRows).toBe(loaded.allRows);
    expect(live.packed.positions).toBe(loaded.packed.positions);
    expect(live.packed.changes).toEqual({ since: loaded.packed.revision, rows: Uint32Array.of(2) });
    expect(live.revision).toBe(loaded.revision + 1);
  });

  it('counts revisions per list, whatever was packed elsewhere', () => {
    const feed = loadedFeed([m('a')]);
    const one = nextMachineList(undefined, inputs(feed));
    packMachines(feed.machines);
    const other = nextMachineList(undefined, inputs(feed));
    expect(other.revision).toBe(one.revision);
    expect(other.packed.revision).toBe(one.packed.revision);
    expect(packMachines(feed.machines).revision).toBeLessThan(0);
  });

  it('shows stale and deactivated machines, and follows the clock only then', () => {
    const feed = loadedFeed([m('a', { last_online: '2026-11-23T05:40:00.000Z' }), m('off', { deactivated: true })]);
    expect(feed.reportsFreshness).toBe(true);
    const fresh = nextMachineList(undefined, inputs(feed, now));
    expect(fresh.machines.map((x) => [x.id, x.stale === true])).toEqual([['a', false]]);
    expect(nextMachineList(fresh, inputs(feed, now + MIN))).toBe(fresh);
    const stale: MachineList = nextMachineList(fresh, inputs(feed, now + 11 * MIN));
    expect(stale.machines.map((x) => [x.id, x.stale === true])).toEqual([['a', true]]);
    expect(stale.edit).toBeNull();
    expect(stale.packed.changes?.rows).toEqual(Uint32Array.of(0));
    expect(loadedFeed([m('a')]).reportsFreshness).toBe(false);
  });
});
