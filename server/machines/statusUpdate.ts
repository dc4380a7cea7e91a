import { STATUSES, type Status } from '../../shared/machine';
import { ApiError } from '../errors';
import type { ApiMachine } from './apiMachine';
import { checkFeedTimestamp, FEED_TIMESTAMP_FIELDS, type FeedTimestampField } from './feedFields';

/** What an operator may change about a machine's state; at least one field. Timestamps as stored (UTC). */
export interface StatusUpdate {
  status?: Status;
  under_maintenance?: boolean;
  service_status?: 0 | 1;
  deactivated?: boolean;
  last_online?: string | null;
  last_emptied_at?: string | null;
  last_full?: string | null;
}

/** Everything an operator can change, as the audit records it before and after. */
export const operatorStateOf = (machine: ApiMachine) => ({
  status: machine.status,
  under_maintenance: machine.under_maintenance,
  service_status: machine.service_status,
  deactivated: machine.deactivated,
  last_online: machine.last_online,
  last_emptied_at: machine.last_emptied_at,
  last_full: machine.last_full,
});

const isTimestampField = (key: string): key is FeedTimestampField =>
  (FEED_TIMESTAMP_FIELDS as readonly string[]).includes(key);

const VALID: Record<Exclude<keyof StatusUpdate, FeedTimestampField>, (value: unknown) => boolean> = {
  status: (value) => (STATUSES as readonly unknown[]).includes(value),
  under_maintenance: (value) => typeof value === 'boolean',
  service_status: (value) => value === 0 || value === 1,
  deactivated: (value) => typeof value === 'boolean',
};

/**
 * The request body as a StatusUpdate, or a 400: an object of known fields only, each valid, at least
 * one. A timestamp is an ISO 8601 date-time (no offset = Hong Kong time), stored in UTC; null or "" clears it.
 */
export function parseStatusUpdate(body: unknown): StatusUpdate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'badRequest');
  const entries = Object.entries(body);
  if (entries.length === 0) throw new ApiError(400, 'badRequest');
  const update: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (isTimestampField(key)) {
      const time = checkFeedTimestamp(value);
      if (time === undefined) throw new ApiError(400, 'badRequest');
      update[key] = time;
    } else if (Object.hasOwn(VALID, key) && VALID[key as keyof typeof VALID](value)) {
      update[key] = value;
    } else {
      throw new ApiError(400, 'badRequest');
    }
  }
  return update as StatusUpdate;
}
