import type { Call } from '../../api/client';
import {
  FEED_REVIEW_ANSWER_SCHEMA,
  type FeedHold,
  type FeedReview,
  type FeedState,
  type HeldMachine,
} from '../../../shared/contract/heldSync';
import { readAnswer } from '../readAnswer';

/** The console's side of the feed review (server/routes/feedReview.ts). */

export type { FeedHold, FeedReview, FeedState, HeldMachine };

/** The review as its contract says, or the client's ApiError `invalid-json` naming what differs. */
export const parseFeedReview = (body: unknown): FeedReview => readAnswer(FEED_REVIEW_ANSWER_SCHEMA, body);

export async function fetchFeedReview(call: Call): Promise<FeedReview> {
  const body = await call('operator/feed', undefined, { method: 'GET', not_blocking: true, throw_error: true });
  return parseFeedReview(body);
}

/** An admin's decision on a hold; throws the server's refusal (holdDecided, forbidden…) for the page to show. */
export async function decideHold(call: Call, id: number, decision: 'confirm' | 'reject'): Promise<void> {
  await call(`operator/feed/holds/${id}/${decision}`, {}, { method: 'POST', not_blocking: true, throw_error: true });
}
