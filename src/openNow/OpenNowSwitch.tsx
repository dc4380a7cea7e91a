import { Switch } from '@mantine/core';
import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { openNowOnlyAtom } from './openNowAtoms';

/** The 'Open now' filter: hides machines whose structured hours say they are closed at this minute. */
export function OpenNowSwitch() {
  const [checked, setChecked] = useAtom(openNowOnlyAtom);
  const t = useT();
  return (
    <Switch
      label={t('openNow.filter')}
      checked={checked}
      onChange={(e) => setChecked(e.currentTarget.checked)}
    />
  );
}
