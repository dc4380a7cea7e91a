import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { directionsUrl } from './directions';

const QR_SIZE_PX = 96;

/**
 * Kiosk card address: plain text, never a link that would leave the screen, and the directions page as a
 * QR code to scan with a phone, starting where the kiosk stands when it knows. The QR library loads only on kiosks.
 */
export function KioskDirections({ machine, name, address }: { machine: Machine; name: string; address: string }) {
  const t = useT();
  const url = directionsUrl(machine, useAtomValue(kioskHereAtom));
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    void import('./directionsQr')
      .then(({ qrCodeDataUrl }) => qrCodeDataUrl(url))
      .then((src) => {
        if (current) setQr({ url, src });
      })
      .catch((error: unknown) => console.error('[rvm] could not make the directions QR code', error));
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <Stack gap={4}>
      <Text size="sm">
        <VisuallyHidden>
          {t('card.address')}
          {t('punctuation.colon')}
        </VisuallyHidden>
        {address}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        {qr?.url === url ? (
          <img src={qr.src} alt={t('card.directionsQr', { name })} width={QR_SIZE_PX} height={QR_SIZE_PX} />
        ) : (
          <Box w={QR_SIZE_PX} h={QR_SIZE_PX} aria-hidden />
        )}
        <Text size="xs" c="dimmed">
          {t('card.scanForDirections')}
        </Text>
      </Group>
    </Stack>
  );
}
