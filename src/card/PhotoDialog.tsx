import { Image, Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useAtom, useAtomValue } from 'jotai';
import { PHOTO_DIALOG_MAX_HEIGHT_VH } from '../config';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import { machineByIdAtom } from '../machines/machinesAtom';
import { machineText } from '../machines/text';
import { photoMachineIdAtom } from './photoAtom';
import { fullPhotoUrl, thumbnailUrl } from './photoUrls';

/** The full photo, at most 80% of the viewport height; Escape, the close button or a click outside close it. */
export function PhotoDialog() {
  const [id, setId] = useAtom(photoMachineIdAtom);
  const machine = useAtomValue(machineByIdAtom).get(id ?? '');
  const locale = useAtomValue(localeAtom);
  const t = useT();
  const name = machine ? machineText(machine, 'name', locale) : '';
  const src = machine ? (fullPhotoUrl(machine) ?? thumbnailUrl(machine)) : null;
  const opened = Boolean(machine && src);
  // Escape closes only this dialog: the popup behind it listens for Escape too, and would otherwise
  // start listening again while this very key press is still on its way and close as well.
  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || event.key !== 'Escape' || event.isComposing) return;
      event.stopPropagation();
      setId(null);
    },
    { capture: true },
  );
  return (
    <Modal
      opened={opened}
      onClose={() => setId(null)}
      closeOnEscape={false}
      title={name}
      size="auto"
      centered
      zIndex={3000}
      closeButtonProps={{ 'aria-label': t('card.close') }}
    >
      {src && (
        <Image
          src={src}
          alt={t('card.photoDialog', { name })}
          mah={`${PHOTO_DIALOG_MAX_HEIGHT_VH}vh`}
          maw="100%"
          w="auto"
          fit="contain"
        />
      )}
    </Modal>
  );
}
