import { Group, Stack, Text } from '@mantine/core';
import type { StepRecord } from '../stage/stageApi';
import { formatMs } from './format';
import type { LiveFrames } from './liveFrames';

interface LiveReadoutProps {
  live: LiveFrames | null;
  running: boolean;
  lastStep: StepRecord | undefined;
}

/** Frames per second and frame time over about the last second, while a run goes on. */
export function LiveReadout({ live, running, lastStep }: LiveReadoutProps) {
  const figure = (label: string, value: string) => (
    <Stack gap={0} align="center" miw={72}>
      <Text size="xl" fw={700} ff="monospace">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
  const shown = running ? live : null;
  return (
    <Stack gap="xs">
      <Group justify="space-around" aria-live="off">
        {figure('fps', shown ? shown.fps.toFixed(0) : '—')}
        {figure('frame p50', shown ? formatMs(shown.p50) : '—')}
        {figure('frame p95', shown ? formatMs(shown.p95) : '—')}
      </Group>
      <Text size="sm" c="dimmed" role="status">
        {running
          ? lastStep
            ? `Running: ${lastStep.step} took ${formatMs(lastStep.drawnMs)}`
            : 'Running: loading the stage'
          : 'Idle'}
      </Text>
    </Stack>
  );
}
