import { describe, expect, it, vi } from 'vitest';
import { decideHold, parseFeedReview } from './feedReview';

const HOLD = {
  id: 7,
  heldAt: '2026-11-28T01:00:00.000Z',
  state: 'held',
  machines: 2,
  active: 3,
  remaining: 1,
  baseline: 3,
  decidedAt: null,
  decidedBy: null,
  rejectedBy: null,
  kept: 0,
};

describe('parseFeedReview', () => {
  it('reads the feed, the hold with its machines, and the recent decisions', () => {
    const review = parseFeedReview({
      success: true,
      feed: { url: 'https://feed.example/api/', intervalMs: 60000, syncedAt: null, stale: true, failures: 3 },
      keptMachines: 0,
      hold: { ...HOLD, machineList: [{ id: 'RVM-002', name_en: 'Two', district: 'KOWLOON CITY' }, { id: 5 }] },
      recent: [HOLD, { ...HOLD, id: 6, state: 'rejected', rejectedBy: 'ada' }, { id: 'x' }],
    });
    expect(review.feed).toMatchObject({ url: 'https://feed.example/api/', failures: 3, stale: true, lastError: null });
    expect(review.hold?.machineList).toEqual([
      { id: 'RVM-002', name_en: 'Two', name_zht: null, name_zhs: null, district: 'KOWLOON CITY' },
    ]);
    expect(review.recent.map((hold) => [hold.id, hold.state, hold.rejectedBy])).toEqual([
      [7, 'held', null],
      [6, 'rejected', 'ada'],
    ]);
  });

  it('answers an empty review for a body that is not one', () => {
    expect(parseFeedReview('nope')).toEqual({ feed: null, keptMachines: 0, hold: null, recent: [] });
    expect(parseFeedReview({ hold: { ...HOLD, state: 'unknown' } }).hold).toBeNull();
  });
});

describe('decideHold', () => {
  it("posts to the hold's confirm or reject route", async () => {
    const call = vi.fn().mockResolvedValue({ success: true });
    await decideHold(call, 7, 'reject');
    expect(call).toHaveBeenCalledWith('operator/feed/holds/7/reject', {}, expect.objectContaining({ method: 'POST' }));
  });
});
