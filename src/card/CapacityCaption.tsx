import { Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { translateDynamic } from '../i18n/translate';
import { captionKeyOf, displayStateOf } from '../machines/displayState';
import type { Machine } from '../machines/machine';
import { MARKER_IMAGES } from '../legend/markerImages';

/** Status picture and capacity caption; the caption is HTML from the translation files only (spec §4). */
export function CapacityCaption({ machine }: { machine: Machine }) {
  const locale = useAtomValue(localeAtom);
  const html = translateDynamic(locale, `capacity.${captionKeyOf(machine)}`) ?? '';
  return (
    <Group gap={6} wrap="nowrap">
      <img src={MARKER_IMAGES[displayStateOf(machine)]} alt="" width={24} height={24} />
      <Text size="sm" fw={600} component="span" dangerouslySetInnerHTML={{ __html: html }} />
    </Group>
  );
}
