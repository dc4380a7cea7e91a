import { Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { nowAtom } from '../clock/nowAtom';
import { parseFeedTimestamp } from '../../shared/feedTimestamp';
import { hongKongTime, timeAgo } from './formatFreshness';
import { useHistoryTimes } from './useHistoryTimes';
import classes from './Freshness.module.css';

/**
 * The card's freshness: when the machine last reported, was last emptied and, when Full, since when (else when it
 * was last full). What the feed does not say comes from the machine's history when the server keeps one.
 */
export function FreshnessLines({ machine }: { machine: Machine }) {
  const nowMs = useAtomValue(nowAtom).getTime();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const history = useHistoryTimes(machine);
  const onlineAt = parseFeedTimestamp(machine.last_online);
  const emptiedAt = parseFeedTimestamp(machine.last_emptied_at) ?? history.lastEmptiedMs;
  const feedFullAt = parseFeedTimestamp(machine.last_full);
  const isFull = machine.status === 'Full';
  const fullAt = isFull ? (feedFullAt ?? history.lastFullMs) : null;
  const lastFullAt = !isFull && feedFullAt === null ? history.lastFullMs : null;
  if (onlineAt === null && emptiedAt === null && fullAt === null && lastFullAt === null) return null;
  const at = (ms: number, text: string) => <time dateTime={new Date(ms).toISOString()}>{text}</time>;
  const ago = onlineAt === null ? null : timeAgo(onlineAt, nowMs, locale);
  return (
    <div className={classes.lines}>
      {onlineAt !== null && (
        <Text
          size="sm"
          className={machine.stale ? classes.staleText : undefined}
          c={machine.stale ? undefined : 'dimmed'}
        >
          {at(onlineAt, ago === null ? t('freshness.updatedJustNow') : t('freshness.updated', { ago }))}
        </Text>
      )}
      {fullAt !== null && (
        <Text size="sm" c="dimmed">
          {at(fullAt, t('freshness.fullSince', { time: hongKongTime(fullAt, nowMs, locale) }))}
        </Text>
      )}
      {lastFullAt !== null && (
        <Text size="sm" c="dimmed">
          {at(lastFullAt, t('freshness.lastFull', { time: hongKongTime(lastFullAt, nowMs, locale) }))}
        </Text>
      )}
      {emptiedAt !== null && (
        <Text size="sm" c="dimmed">
          {at(emptiedAt, t('freshness.lastEmptied', { time: hongKongTime(emptiedAt, nowMs, locale) }))}
        </Text>
      )}
    </div>
  );
}
