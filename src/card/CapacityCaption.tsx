import { Group, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../i18n/localeAtom';
import { displayStateOf } from '../machines/displayState';
import type { Machine } from '../../shared/machine';
import { MARKER_IMAGES } from '../legend/markerImages';
import { statusCaptionHtml } from '../machines/statusCaption';

/**
 * Status picture and capacity caption; the caption is HTML from the translation files only
 * (docs/spec.md#display-states). A stale machine in service says instead that its status may be out of date (issue 9).
 */
export function CapacityCaption({ machine }: { machine: Machine }) {
  const locale = useAtomValue(localeAtom);
  return (
    <Group gap={6} wrap="nowrap">
      <img src={MARKER_IMAGES[displayStateOf(machine)]} alt="" width={24} height={24} />
      <Text
        size="sm"
        fw={600}
        component="span"
        dangerouslySetInnerHTML={{ __html: statusCaptionHtml(machine, locale) }}
      />
    </Group>
  );
}
