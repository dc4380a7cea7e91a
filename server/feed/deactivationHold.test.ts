import { describe, expect, it } from 'vitest';
import type { FeedHold, FeedMachine, HoldContext } from '../db/feedStore';
import type { MachineRow } from '../machines/validate';
import { decideHold, holdLogLine } from './deactivationHold';

const AT = '2026-11-23T06:00:00.000Z';
const SINCE = '2026-11-01T00:00:00.000Z';
const ids = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `M${String(from + i).padStart(2, '0')}`);
/** A checked feed machine: only its id and `deactivated` matter to the rule. */
const machine = (id: string, deactivated = false): FeedMachine => ({
  row: { id, deactivated } as MachineRow,
  photo: { kind: 'none' },
});
/** The feed's answer naming these machines, active. */
const answer = (sent: string[]) => ({ machines: sent.map((id) => machine(id)), presentIds: sent });
const context = (over: Partial<HoldContext> = {}): HoldContext => ({
  at: AT,
  activeIds: new Set(ids(1, 10)),
  keptIds: new Set(),
  baseline: { active: 10, since: SINCE },
  held: null,
  ...over,
});
const hold = (machineIds: string[]): FeedHold => ({
  id: 1,
  heldAt: SINCE,
  machineIds,
  active: 10,
  remaining: 10 - machineIds.length,
  baseline: { active: 10, since: SINCE },
  state: 'held',
  decidedAt: null,
  decidedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  keptIds: [],
});

describe('decideHold', () => {
  it.each([
    ['half of the baseline left: written', ids(1, 5), 10, null],
    ['under half of the baseline: held', ids(1, 4), 10, ids(5, 10)],
    // The feed dripped from 10 to 6 before: 6 active now, but measured against the 10.
    ['under half of a baseline above the machines active now: held', ids(1, 4), 20, ids(5, 10)],
    ['half of the machines active now, but under half of the baseline: held', ids(1, 5), 11, ids(6, 10)],
  ])('%s', (_name, sent, baseline, held) => {
    const outcome = decideHold(answer(sent), context({ baseline: { active: baseline, since: SINCE } }));
    expect(outcome.opens?.machineIds ?? null).toEqual(held);
    expect(outcome.ends).toBeNull();
  });

  it('holds an answer that sends machines deactivated: they stay active, the rest of the answer is written', () => {
    const sent = [...ids(1, 4).map((id) => machine(id)), ...ids(5, 10).map((id) => machine(id, true))];
    const outcome = decideHold({ machines: sent, presentIds: ids(1, 10) }, context());
    expect(outcome.opens).toMatchObject({ machineIds: ids(5, 10), active: 10, remaining: 4 });
    expect(outcome.machines.filter(({ row }) => row.deactivated)).toEqual([]);
    expect(outcome.machines).toHaveLength(10);
  });

  it('keeps the held machines as if sent, so they are not deactivated', () => {
    const outcome = decideHold(answer(ids(1, 4)), context());
    expect(outcome.presentIds).toEqual(ids(1, 10));
  });

  it('counts machines the answer adds: a feed renaming its machines is no mass deactivation', () => {
    const outcome = decideHold(answer(ids(11, 20)), context());
    expect(outcome).toMatchObject({ opens: null, ends: null, presentIds: ids(11, 20) });
  });

  it('takes the machines active now as the baseline when they are more, or when there is none yet', () => {
    expect(decideHold(answer(ids(1, 4)), context({ baseline: null })).opens?.baseline).toEqual({
      active: 10,
      since: AT,
    });
    expect(decideHold(answer(ids(1, 4)), context({ baseline: { active: 3, since: SINCE } })).opens?.baseline).toEqual({
      active: 10,
      since: SINCE,
    });
  });

  it.each([
    ['the same machines: confirmed', ids(1, 3), 'confirmed', null],
    ['fewer of them: confirmed', ids(1, 4), 'confirmed', null],
    ['other machines too: measured afresh, held again', ids(2, 3), 'replaced', [...ids(1, 1), ...ids(4, 10)]],
    ['most of them again: dropped', ids(1, 9), 'dropped', null],
  ])('ends a waiting hold by an answer naming %s', (_name, sent, ends, opens) => {
    // The hold: M04 to M10 would go, leaving M01 to M03.
    const outcome = decideHold(answer(sent), context({ held: hold(ids(4, 10)) }));
    expect(outcome.ends).toBe(ends);
    expect(outcome.opens?.machineIds ?? null).toEqual(opens);
  });

  it('never deactivates machines a rejected hold keeps; the feed sending one again releases it', () => {
    const outcome = decideHold(answer(ids(1, 5)), context({ keptIds: new Set(ids(5, 10)) }));
    expect(outcome).toMatchObject({ opens: null, ends: null, released: ['M05'] });
    expect(outcome.presentIds).toEqual([...ids(1, 5), ...ids(6, 10)]);
  });

  it('says what it did in one log line', () => {
    const held = decideHold(answer(ids(1, 4)), context());
    expect(holdLogLine(held, 0)).toBe(
      'feed: the answer would leave 4 of the 10 machines active (the most since the last confirmed deactivation); 6 deactivations held until the next answer confirms them or an admin decides',
    );
    expect(holdLogLine(decideHold(answer(ids(1, 10)), context()), 0)).toBeNull();
  });
});
