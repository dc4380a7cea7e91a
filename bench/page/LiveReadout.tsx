import { Stack, Text } from '@mantine/core';
import type { StepRecord } from '../stage/stageApi';
import { formatMs } from '../record/format';
import type { LiveFrames } from './liveFrames';
import classes from './BenchPage.module.css';

interface LiveReadoutProps {
  live: LiveFrames | null;
  running: boolean;
  lastStep: StepRecord | undefined;
}

/** Frames per second and frame time over about the last second, while a run goes on. */
export function LiveReadout({ live, running, lastStep }: LiveReadoutProps) {
  const shown = running ? live : null;
  const figures: [string, string][] = [
    ['fps', shown ? shown.fps.toFixed(0) : '—'],
    ['frame p50', shown ? formatMs(shown.p50) : '—'],
    ['frame p95', shown ? formatMs(shown.p95) : '—'],
  ];
  return (
    <Stack gap="xs">
      {/* Updated twice a second: read on demand, not announced. */}
      <dl className={classes.readout} aria-live="off">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
