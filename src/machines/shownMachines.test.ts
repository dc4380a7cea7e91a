import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { loadedFeed, replaceMachine, type FeedList } from './feedList';
import { showMachines, type Shown } from './shownMachines';
import { testMachine } from '../../tests/support/testMachine';

const m = testMachine;
const MIN = 60_000;

/** Shows list after list, each from the one shown before, as the machine list does. */
function createShownMachines() {
  let previous: Shown | undefined;
  return (feed: FeedList | readonly Machine[], nowMs: number, staleAfterMs: number): readonly Machine[] => {
    previous = showMachines('rows' in feed ? feed : { machines: feed, edit: null }, nowMs, staleAfterMs, previous);
    return previous.machines;
  };
}
const now = Date.parse('2026-11-23T06:00:00Z');

describe('the machines shown (issue 9)', () => {
  it('is the feed list itself when no machine is deactivated or stale', () => {
    const shown = createShownMachines();
    const feed = [m('a'), m('b', { last_online: '2026-11-23T05:55:00Z' })];
    expect(shown(feed, now, 30 * MIN)).toBe(feed);
  });

  it('leaves deactivated machines out and marks stale ones, without touching the feed objects', () => {
    const shown = createShownMachines();
    const stale = m('s', { last_online: '2026-11-23T05:00:00Z' });
    const feed = [m('a'), m('off', { deactivated: true }), stale];
    const result = shown(feed, now, 30 * MIN);
    expect(result.map((x) => x.id)).toEqual(['a', 's']);
    expect(result[0]).toBe(feed[0]);
    expect(result[1]).toEqual({ ...stale, stale: true });
    expect(stale.stale).toBeUndefined();
  });

  it('returns the same list and the same stale copies while nothing changes, a new one when the clock makes a machine stale', () => {
    const shown = createShownMachines();
    const feed = [m('a', { last_online: '2026-11-23T05:40:00Z' }), m('off', { deactivated: true })];
    const first = shown(feed, now, 30 * MIN);
    expect(first.map((x) => x.stale)).toEqual([undefined]);
    expect(shown(feed, now + MIN, 30 * MIN)).toBe(first);
    const later = shown(feed, now + 11 * MIN, 30 * MIN);
    expect(later).not.toBe(first);
    expect(later[0]!.stale).toBe(true);
    expect(shown(feed, now + 12 * MIN, 30 * MIN)).toBe(later);
  });
});

describe('the machines shown, report times not in the parser’s form', () => {
  it('reads an offset or no-offset time strictly, as isStale does', () => {
    const shown = createShownMachines();
    const feed = [
      m('hk', { last_online: '2026-11-23T13:45:00' }),
      m('old', { last_online: '2026-11-23T12:00:00+08:00' }),
    ];
    expect(shown(feed, now, 30 * MIN).map((x) => [x.id, x.stale === true])).toEqual([
      ['hk', false],
      ['old', true],
    ]);
  });
});

describe('the machines shown after a live change', () => {
  it('re-reads the report time of the replaced row only, and shows what the change says', () => {
    const shown = createShownMachines();
    const feed = loadedFeed([
      m('a', { last_online: '2026-11-23T05:55:00.000Z' }),
      m('b', { last_online: '2026-11-23T05:50:00.000Z' }),
    ]);
    expect(shown(feed, now, 30 * MIN)).toBe(feed.machines);
    const silent = replaceMachine(feed, m('b', { last_online: '2026-11-23T04:00:00.000Z' }));
    expect(shown(silent, now, 30 * MIN).map((x) => [x.id, x.stale === true])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    const back = replaceMachine(silent, m('b', { last_online: '2026-11-23T05:59:00.000Z' }));
    expect(shown(back, now, 30 * MIN)).toBe(back.machines);
  });
});
