import { normaliseFeedTimestamp } from '../../shared/feedTimestamp';
import { BIN_COUNT_MAX } from '../../shared/machine';
import { showValue } from './showValue';

/** The original feed's fields beyond the spec's Machine table, as stored and answered. */
export interface FeedFields {
  bin_count: number | null;
  bin_count_full_threshold: number | null;
  deactivated: boolean;
  last_emptied_at: string | null;
  last_online: string | null;
  last_full: string | null;
}

export const FEED_TIMESTAMP_FIELDS = ['last_emptied_at', 'last_online', 'last_full'] as const;
export type FeedTimestampField = (typeof FEED_TIMESTAMP_FIELDS)[number];
export const FEED_FIELDS = ['bin_count', 'bin_count_full_threshold', 'deactivated', ...FEED_TIMESTAMP_FIELDS] as const;

export const TIMESTAMP_RULE = 'must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00';

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Stored form of a feed timestamp (ISO 8601 in UTC); null when blank; undefined when it is not a date-time. */
export function checkFeedTimestamp(value: unknown): string | null | undefined {
  if (isBlank(value)) return null;
  return normaliseFeedTimestamp(value) ?? undefined;
}

function checkBinCount(value: unknown): number | null | undefined {
  if (isBlank(value)) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= BIN_COUNT_MAX
    ? value
    : undefined;
}

/** Checks the six feed fields of a row, reporting each problem through `fail`; none of them is required. */
export function checkFeedFields(input: Readonly<Record<string, unknown>>, fail: (message: string) => void): FeedFields {
  const { bin_count, bin_count_full_threshold, deactivated } = input;
  const bins = checkBinCount(bin_count);
  if (bins === undefined) fail(`bin_count ${showValue(bin_count)} must be a whole number from 0 to ${BIN_COUNT_MAX}`);
  const threshold = checkBinCount(bin_count_full_threshold);
  if (threshold === undefined) {
    fail(
      `bin_count_full_threshold ${showValue(bin_count_full_threshold)} must be a whole number from 0 to ${BIN_COUNT_MAX}`,
    );
  } else if (threshold !== null && typeof bins === 'number' && threshold > bins) {
    fail(`bin_count_full_threshold ${threshold} must not be more than bin_count ${bins}`);
  }

  const isDeactivated = isBlank(deactivated) ? false : deactivated;
  if (typeof isDeactivated !== 'boolean') fail(`deactivated ${showValue(deactivated)} must be true or false`);

  const times = {} as Record<FeedTimestampField, string | null>;
  for (const field of FEED_TIMESTAMP_FIELDS) {
    const time = checkFeedTimestamp(input[field]);
    if (time === undefined) fail(`${field} ${showValue(input[field])} ${TIMESTAMP_RULE}`);
    times[field] = time ?? null;
  }

  return {
    bin_count: bins ?? null,
    bin_count_full_threshold: threshold ?? null,
    deactivated: isDeactivated === true,
    ...times,
  };
}
