import { Paper, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { nowAtom } from '../clock/nowAtom';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { feedStaleAtom } from './dataAsOfAtom';
import { feedFreshnessAtom } from './feedStatusAtom';
import { hongKongTime } from './formatFreshness';
import corner from '../ui/MapCornerNotice.module.css';
import classes from './FeedStaleNotice.module.css';

/** The operator's feed has not answered for longer than RVM_STALE_AFTER_MIN: every status may be old. */
export function FeedStaleNotice() {
  const stale = useAtomValue(feedStaleAtom);
  const feed = useAtomValue(feedFreshnessAtom);
  const nowMs = useAtomValue(nowAtom).getTime();
  const locale = useAtomValue(localeAtom);
  const t = useT();
  if (!stale || feed === null) return null;
  const since = feed.syncedAtMs;
  return (
    <Paper className={corner.notice} shadow="md" p="sm" withBorder role="status">
      <Stack gap={4}>
        <Text fw={600} className={classes.title}>
          {t('freshness.feedStaleTitle')}
        </Text>
        <Text size="sm">
          {since === null
            ? t('freshness.feedNotArrived')
            : t('freshness.feedStale', { time: hongKongTime(since, Math.max(nowMs, since), locale) })}
        </Text>
      </Stack>
    </Paper>
  );
}
