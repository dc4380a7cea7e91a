import { Switch } from '@mantine/core';
import { useAtom, useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import { openNowOnlyAtom } from './openNowAtoms';
import { openingHoursReadyAtom } from './openingHoursAtoms';

/** The 'Open now' filter: hides machines whose structured hours say they are closed at this minute. */
export function OpenNowSwitch() {
  const [checked, setChecked] = useAtom(openNowOnlyAtom);
  const t = useT();
  // Shown with the panel, so the hours library loads once the first view is complete, before the switch is used.
  useAtomValue(openingHoursReadyAtom);
  return <Switch label={t('openNow.filter')} checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} />;
}
