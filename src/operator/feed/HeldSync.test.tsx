import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import type { FeedReview } from './feedReview';
import { HeldSync } from './HeldSync';

const userEvent = userEventLib.setup({ delay: null });
const REVIEW: FeedReview = {
  success: true,
  following: true,
  feed: null,
  keptMachines: 0,
  recent: [],
  hold: {
    id: 12,
    heldAt: '2026-03-03T02:00:00Z',
    state: 'held',
    machines: 3,
    active: 4,
    remaining: 1,
    baseline: 4,
    baselineSince: '2026-03-02T02:00:00Z',
    decidedAt: null,
    decidedBy: null,
    rejectedAt: null,
    rejectedBy: null,
    kept: 0,
    machineList: [
      { id: 'RVM-002', name_en: 'Two', name_zht: null, name_zhs: null, district: 'KOWLOON CITY', deactivated: false },
      { id: 'RVM-003', name_en: 'Three', name_zht: null, name_zhs: null, district: 'SHA TIN', deactivated: false },
    ],
  },
};
const machinesLabel = en.feedReview.machines.other.replace('{{count}}', '3');

describe('a held sync', { timeout: 30_000 }, () => {
  it('shows a viewer its machines, and no way to decide', async () => {
    fakeServer(() => undefined);
    renderConsole(<HeldSync review={REVIEW} onDecided={vi.fn()} />, { session: { ...TEST_SESSION, role: 'viewer' } });
    const table = await screen.findByRole('table', { name: machinesLabel });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Kowloon City')).toBeTruthy();
    expect(screen.getByText(en.feedReview.adminsDecide)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.feedReview.confirm })).toBeNull();
    expect(screen.getByText(en.feedReview.otherDistricts.other.replace('{{count}}', '1'))).toBeTruthy();
  });

  it('lets an admin confirm after asking, and shows a refusal in words', async () => {
    const { calls } = fakeServer(() => ({ status: 409, body: { success: false, msg: 'holdDecided' } }));
    const decided = vi.fn().mockResolvedValue(undefined);
    renderConsole(<HeldSync review={REVIEW} onDecided={decided} />, { session: { ...TEST_SESSION, role: 'admin' } });
    await userEvent.click(await screen.findByRole('button', { name: en.feedReview.confirm }));
    const dialog = await screen.findByRole('dialog', { name: en.feedReview.confirmTitle });
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: en.feedReview.confirmDo }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/operator/feed/holds/12/confirm']),
    );
    expect(await screen.findByText(en.error.holdDecided)).toBeTruthy();
    expect(decided).toHaveBeenCalled();
  });
});
