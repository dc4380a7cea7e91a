import type { FeedHold, HoldState } from './feedStore';
import { columnList } from './table';
import { FEED_HOLDS } from './tables';

/** A hold as both engines store it (feed_holds): the machine id lists as JSON arrays. */
export interface FeedHoldRecord {
  id: number;
  held_at: string;
  machine_ids: string;
  active: number;
  remaining: number;
  baseline: number;
  baseline_since: string;
  state: HoldState;
  decided_at: string | null;
  decided_by: string | null;
  rejected_at: string | null;
  rejected_by: string | null;
  kept_ids: string;
}

export const HOLD_COLUMNS = columnList(FEED_HOLDS);

export const toFeedHold = (record: FeedHoldRecord): FeedHold => ({
  id: Number(record.id),
  heldAt: record.held_at,
  machineIds: JSON.parse(record.machine_ids) as string[],
  active: Number(record.active),
  remaining: Number(record.remaining),
  baseline: { active: Number(record.baseline), since: record.baseline_since },
  state: record.state,
  decidedAt: record.decided_at,
  decidedBy: record.decided_by,
  rejectedAt: record.rejected_at,
  rejectedBy: record.rejected_by,
  keptIds: JSON.parse(record.kept_ids) as string[],
});

/** The machines an admin's confirmation deactivates: a waiting hold's, or those a rejected one still keeps. */
export function confirmable(hold: FeedHold): string[] | null {
  if (hold.state === 'held') return hold.machineIds;
  if (hold.state === 'rejected' && hold.keptIds.length > 0) return hold.keptIds;
  return null;
}

/** The baseline after a sync that leaves `activeNow` machines active: again from them once a hold is confirmed. */
export function nextBaseline(
  before: { active: number; since: string } | null,
  activeBefore: number,
  activeNow: number,
  confirmed: boolean,
  at: string,
): { active: number; since: string } {
  if (confirmed) return { active: activeNow, since: at };
  return { active: Math.max(before?.active ?? 0, activeBefore, activeNow), since: before?.since ?? at };
}
