import { Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { MARKER_ICON_SIZE_PX } from '../config';
import { useT } from '../i18n/useT';
import { DISPLAY_STATES } from '../machines/displayState';
import { staleAfterMsAtom } from '../machines/machinesAtom';
import { MARKER_IMAGES } from './markerImages';
import classes from './Legend.module.css';

/**
 * The status legend: four marker images with captions, what grey also means, and the Kind Reminder
 * (docs/spec.md#the-map-screen).
 */
export function Legend() {
  const t = useT();
  const staleMinutes = Math.round(useAtomValue(staleAfterMsAtom) / 60_000);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Text id={titleId} component="h2" size="sm" fw={700} m={0} mb={4}>
        {t('legend.title')}
      </Text>
      <ul className={classes.items}>
        {DISPLAY_STATES.map((state) => (
          <li key={state}>
            <img src={MARKER_IMAGES[state]} alt="" width={MARKER_ICON_SIZE_PX} height={MARKER_ICON_SIZE_PX} />
            <span>{t(`legend.${state}`)}</span>
          </li>
        ))}
      </ul>
      <Stack gap={4} mt={6}>
        <Text size="xs" className={classes.note}>
          {t('freshness.legend', { count: staleMinutes })}
        </Text>
        <Text size="xs" className={classes.reminder}>
          {t('legend.reminder')}
        </Text>
      </Stack>
    </section>
  );
}
