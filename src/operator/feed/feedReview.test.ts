import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { decideHold, parseFeedReview, type FeedHold } from './feedReview';

const HOLD: FeedHold = {
  id: 7,
  heldAt: '2026-11-28T01:00:00.000Z',
  state: 'held',
  machines: 2,
  active: 3,
  remaining: 1,
  baseline: 3,
  baselineSince: '2026-11-27T01:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  kept: 0,
};
const FEED = {
  url: 'https://feed.example/api/',
  intervalMs: 60000,
  syncedAt: null,
  ageMs: 120000,
  stale: true,
  failures: 3,
  lastError: 'HTTP 503',
  nextPollAt: '2026-11-28T01:01:00.000Z',
  poller: 'instance-a',
  role: 'poller',
};
const MACHINE = {
  id: 'RVM-002',
  name_en: 'Two',
  name_zht: null,
  name_zhs: null,
  district: 'KOWLOON CITY',
  deactivated: false,
};
const REVIEW = {
  success: true,
  following: true,
  feed: FEED,
  keptMachines: 0,
  hold: { ...HOLD, machineList: [MACHINE] },
  recent: [HOLD, { ...HOLD, id: 6, state: 'rejected', rejectedBy: 'ada' }],
};

describe('parseFeedReview', () => {
  it('reads the feed, the hold with its machines, and the recent decisions', () => {
    expect(parseFeedReview(REVIEW)).toEqual(REVIEW);
    expect(parseFeedReview({ ...REVIEW, following: false, feed: null, hold: null }).hold).toBeNull();
  });

  it.each([
    ['a body that is not one', 'nope', 'answer'],
    [
      'a hold in a state it does not know',
      { ...REVIEW, hold: { ...HOLD, state: 'unknown', machineList: [] } },
      'answer.hold.state',
    ],
    [
      'a machine without its id',
      { ...REVIEW, hold: { ...REVIEW.hold, machineList: [{ ...MACHINE, id: 5 }] } },
      'answer.hold.machineList[0].id',
    ],
    ['a recent hold without its id', { ...REVIEW, recent: [HOLD, { ...HOLD, id: 'x' }] }, 'answer.recent[1].id'],
  ])('refuses %s, saying where', (_name, body, at) => {
    const failure = (() => {
      try {
        return parseFeedReview(body);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ApiError);
    expect(String((failure as ApiError).cause)).toContain(at);
  });
});

describe('decideHold', () => {
  it("posts to the hold's confirm or reject route", async () => {
    const call = vi.fn().mockResolvedValue({ success: true });
    await decideHold(call, 7, 'reject');
    expect(call).toHaveBeenCalledWith('operator/feed/holds/7/reject', {}, expect.objectContaining({ method: 'POST' }));
  });
});
