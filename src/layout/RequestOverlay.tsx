import { LoadingOverlay } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { pendingCountAtom } from '../api/pendingAtom';
import { useT } from '../i18n/useT';

/** Full-screen and blocking while any blocking call is pending (docs/spec.md#interface-states). */
export function RequestOverlay() {
  const pending = useAtomValue(pendingCountAtom);
  const t = useT();
  return (
    <LoadingOverlay
      visible={pending > 0}
      pos="fixed"
      zIndex={4000}
      role="progressbar"
      aria-label={t('app.loading')}
      aria-busy="true"
      overlayProps={{ blur: 1 }}
      transitionProps={{ duration: 0 }}
    />
  );
}
