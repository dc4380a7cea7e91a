import { describe, expect, it } from 'vitest';
import { isFeedStale, parseFeedStatus } from './feedStatus';
import { historyTimes, parseHistory } from './historyTimes';

const NOW = Date.parse('2026-11-23T06:00:00Z');
const MIN = 60_000;

describe('parseFeedStatus', () => {
  it('places the last sync on the page clock by its age, whatever the server clock says', () => {
    const body = {
      success: true,
      following: true,
      synced_at: '2020-01-01T00:00:00.000Z',
      age_ms: 90_000,
      stale: false,
    };
    expect(parseFeedStatus(body, NOW)).toEqual({
      syncedAtMs: NOW - 90_000,
      waitingSinceMs: NOW - 90_000,
      stale: false,
    });
  });

  it('has no sync time while the feed has not answered, and counts from when the server started waiting', () => {
    const body = { success: true, following: true, synced_at: null, age_ms: 5 * MIN, stale: false };
    expect(parseFeedStatus(body, NOW)).toEqual({ syncedAtMs: null, waitingSinceMs: NOW - 5 * MIN, stale: false });
  });

  it.each([
    ['no feed', { success: true, following: false }],
    ['a failure', { success: false, msg: 'systemError' }],
    ['a negative age', { success: true, following: true, synced_at: null, age_ms: -1, stale: false }],
    ['no age', { success: true, following: true, synced_at: null, stale: true }],
    ['nothing', undefined],
  ])('is null for %s', (_name, body) => {
    expect(parseFeedStatus(body, NOW)).toBeNull();
  });
});

describe('isFeedStale', () => {
  const feed = { syncedAtMs: NOW - 30 * MIN, waitingSinceMs: NOW - 30 * MIN, stale: false };
  it('is stale past the threshold by the page clock, exactly at it still fresh', () => {
    expect(isFeedStale(feed, NOW, 30 * MIN)).toBe(false);
    expect(isFeedStale(feed, NOW + 1, 30 * MIN)).toBe(true);
  });
  it('believes the server when it says stale', () => {
    expect(isFeedStale({ ...feed, stale: true }, NOW - 29 * MIN, 30 * MIN)).toBe(true);
  });
});

describe('historyTimes', () => {
  const at = (minutes: number) => NOW + minutes * MIN;
  it.each([
    ['no history', [], null, null],
    ['one state', [['Full', 0]], 0, null],
    [
      'filling up only',
      [
        ['>40%', 0],
        ['<=20%', 10],
        ['Full', 20],
      ],
      20,
      null,
    ],
    [
      'full, then emptied',
      [
        ['<=5%', 0],
        ['Full', 10],
        ['Full', 15],
        ['>40%', 30],
      ],
      10,
      30,
    ],
    [
      'emptied partly, then again',
      [
        ['Full', 0],
        ['<=20%', 5],
        ['<=5%', 10],
        ['>40%', 20],
      ],
      0,
      20,
    ],
    [
      'full twice: the later time it became full',
      [
        ['Full', 0],
        ['>40%', 5],
        ['Full', 50],
      ],
      50,
      5,
    ],
  ] as const)('%s', (_name, states, lastFull, lastEmptied) => {
    const entries = states.map(([status, minutes]) => ({ status, at: at(minutes) }));
    expect(historyTimes(entries)).toEqual({
      lastFullMs: lastFull === null ? null : at(lastFull),
      lastEmptiedMs: lastEmptied === null ? null : at(lastEmptied),
    });
  });

  it('leaves a state of unknown status out of the comparison', () => {
    const entries = parseHistory({
      history: [
        { at: '2026-11-23T06:00:00Z', status: 'Full' },
        { at: 'not a time', status: '>40%' },
        { at: '2026-11-23T06:10:00Z', status: 'Broken' },
        { at: '2026-11-23T06:20:00Z', status: '<=40%' },
      ],
    });
    expect(entries.map((entry) => entry.status)).toEqual(['Full', null, '<=40%']);
    expect(historyTimes(entries)).toEqual({ lastFullMs: NOW, lastEmptiedMs: null });
  });
});
