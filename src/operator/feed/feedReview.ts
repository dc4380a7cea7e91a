import type { Call } from '../../api/client';
import { isRecord } from '../../../shared/isRecord';

/** A feed hold as the review sends it (GET /api/operator/feed). */
export interface FeedHold {
  id: number;
  heldAt: string;
  state: 'held' | 'confirmed' | 'rejected' | 'dropped' | 'replaced';
  machines: number;
  active: number;
  remaining: number;
  baseline: number;
  decidedAt: string | null;
  decidedBy: string | null;
  rejectedBy: string | null;
  kept: number;
}

/** A machine the held sync would deactivate. */
export interface HeldMachine {
  id: string;
  name_en: string | null;
  name_zht: string | null;
  name_zhs: string | null;
  district: string;
}

export interface FeedState {
  url: string;
  intervalMs: number;
  syncedAt: string | null;
  stale: boolean;
  failures: number;
  lastError: string | null;
  nextPollAt: string | null;
  poller: string | null;
}

export interface FeedReview {
  /** Null when the server follows no feed. */
  feed: FeedState | null;
  keptMachines: number;
  hold: (FeedHold & { machineList: HeldMachine[] }) | null;
  recent: FeedHold[];
}

const HOLD_STATES = ['held', 'confirmed', 'rejected', 'dropped', 'replaced'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function holdOf(value: unknown): FeedHold | null {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.heldAt !== 'string') return null;
  const state = HOLD_STATES.find((known) => known === value.state);
  if (!state) return null;
  return {
    id: value.id,
    heldAt: value.heldAt,
    state,
    machines: count(value.machines),
    active: count(value.active),
    remaining: count(value.remaining),
    baseline: count(value.baseline),
    decidedAt: text(value.decidedAt),
    decidedBy: text(value.decidedBy),
    rejectedBy: text(value.rejectedBy),
    kept: count(value.kept),
  };
}

function machineOf(value: unknown): HeldMachine[] {
  if (!isRecord(value) || typeof value.id !== 'string') return [];
  return [
    {
      id: value.id,
      name_en: text(value.name_en),
      name_zht: text(value.name_zht),
      name_zhs: text(value.name_zhs),
      district: text(value.district) ?? '',
    },
  ];
}

function feedOf(value: unknown): FeedState | null {
  if (!isRecord(value) || typeof value.url !== 'string') return null;
  return {
    url: value.url,
    intervalMs: count(value.intervalMs),
    syncedAt: text(value.syncedAt),
    stale: value.stale === true,
    failures: count(value.failures),
    lastError: text(value.lastError),
    nextPollAt: text(value.nextPollAt),
    poller: text(value.poller),
  };
}

/** The review as the server answered it; what is malformed is left out rather than shown wrong. */
export function parseFeedReview(body: unknown): FeedReview {
  if (!isRecord(body)) return { feed: null, keptMachines: 0, hold: null, recent: [] };
  const hold = holdOf(body.hold);
  const list = isRecord(body.hold) && Array.isArray(body.hold.machineList) ? body.hold.machineList : [];
  return {
    feed: feedOf(body.feed),
    keptMachines: count(body.keptMachines),
    hold: hold && { ...hold, machineList: list.flatMap(machineOf) },
    recent: Array.isArray(body.recent) ? body.recent.flatMap((entry) => holdOf(entry) ?? []) : [],
  };
}

export async function fetchFeedReview(call: Call): Promise<FeedReview> {
  const body = await call('operator/feed', undefined, { method: 'GET', not_blocking: true, throw_error: true });
  return parseFeedReview(body);
}

/** An admin's decision on a hold; throws the server's refusal (holdDecided, forbidden…) for the page to show. */
export async function decideHold(call: Call, id: number, decision: 'confirm' | 'reject'): Promise<void> {
  await call(`operator/feed/holds/${id}/${decision}`, {}, { method: 'POST', not_blocking: true, throw_error: true });
}
