import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { machineText } from '../machines/text';
import { postToHost } from '../embed/postToHost';
import { isKioskAtom } from '../kiosk/kioskAtom';
import { photoMachineIdAtom } from './photoAtom';
import { CapacityCaption } from './CapacityCaption';
import { directionsUrl } from './directions';
import { KioskDirections } from './KioskDirections';
import { MachinePhoto } from './MachinePhoto';
import { OpenNowLine } from './OpenNowLine';
import { FreshnessLines } from '../freshness/FreshnessLines';
import { thumbnailUrl } from './photoUrls';
import { ReportProblem } from './report/ReportProblem';
import classes from './MachineCard.module.css';

/** The machine card (docs/spec.md#the-machine-card): photo, name, address (directions), service hours, status. */
export function MachineCard({ machine, hideDivider = false }: { machine: Machine; hideDivider?: boolean }) {
  const locale = useAtomValue(localeAtom);
  const openPhoto = useSetAtom(photoMachineIdAtom);
  const kiosk = useAtomValue(isKioskAtom);
  const t = useT();
  const name = machineText(machine, 'name', locale);
  const address = machineText(machine, 'address', locale);
  const hours = machineText(machine, 'service_hour', locale);
  return (
    <article className={classes.card} aria-label={name} onClick={() => postToHost({ type: 'rvm:machine', machine })}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <MachinePhoto
          src={thumbnailUrl(machine)}
          name={name}
          onOpen={() => {
            postToHost({ type: 'rvm:machine', machine });
            openPhoto(machine.id);
          }}
        />
        <Stack gap={4} className={classes.details}>
          <Text component="h3" fw={700} size="md" m={0} className={classes.name}>
            {name}
          </Text>
          {address && kiosk && <KioskDirections machine={machine} name={name} address={address} />}
          {address && !kiosk && (
            <Anchor
              href={directionsUrl(machine)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              aria-label={`${t('card.address')}${t('punctuation.colon')}${address}${t('punctuation.stop')}${t('card.directions', { name })}`}
              onClick={(e) => e.stopPropagation()}
            >
              {address}
            </Anchor>
          )}
          {hours && (
            <Text size="sm" c="dimmed">
              <span className={classes.label}>
                {t('card.serviceHours')}
                {t('punctuation.colon')}
              </span>
              {hours}
            </Text>
          )}
          <OpenNowLine machine={machine} />
          <CapacityCaption machine={machine} />
          <FreshnessLines machine={machine} />
          <ReportProblem machineId={machine.id} name={name} />
        </Stack>
      </Group>
      {!hideDivider && <Divider mt="sm" />}
    </article>
  );
}
