import type { Machine } from '../../shared/machine';
import type { FeedFields } from './feedFields';

/**
 * A machine as `POST /api/rvm/` sends it: every Machine field, the opening hours and the feed fields
 * (null / false when unknown), then the fields an import kept untouched.
 */
export type ApiMachine = Machine & FeedFields & { opening_hours: string | null };

/** Where the API serves a stored photo: a machine's `thumbnail`. */
export const fileUrl = (id: string): string => `/api/file/${id}`;
