import { Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { HTML_LANG } from '../i18n/translate';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { nowAtom } from '../clock/nowAtom';
import { scheduleOf } from '../openNow/openingHours';
import { openingHoursNeededAtom } from '../openNow/openingHoursAtoms';
import { openNowText } from '../openNow/openNowText';
import classes from './MachineCard.module.css';

/** "Open now · closes 22:00" from the machine's structured hours; nothing when it has none. */
export function OpenNowLine({ machine }: { machine: Machine }) {
  const ready = useAtomValue(openingHoursNeededAtom);
  const schedule = ready ? scheduleOf(machine.opening_hours) : null;
  const now = useAtomValue(nowAtom);
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const weekday = useMemo(() => {
    const format = new Intl.DateTimeFormat(HTML_LANG[locale], { weekday: 'short', timeZone: 'Asia/Hong_Kong' });
    return (at: Date) => format.format(at);
  }, [locale]);
  if (!schedule) return null;
  const open = schedule.isOpen(now);
  const text = openNowText(schedule, now, weekday);
  return (
    <Text size="sm" fw={600} className={open ? classes.open : classes.closed}>
      {t(text.key, text.params)}
    </Text>
  );
}
