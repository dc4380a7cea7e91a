import { Table, Text } from '@mantine/core';
import { memo } from 'react';
import { SCENARIO_LABELS } from '../scenarios';
import { RENDERER_LABELS, type StepRecord } from '../stage/stageApi';
import { formatCount, formatFrames, formatKB, formatMs, shortCount } from '../record/format';
import type { BrowserInfo, RunRecord } from '../record/record';
import type { RunRequest } from './runBench';

const COLUMNS = [
  'Step',
  'Shown',
  'To markers drawn',
  'Main-thread JS',
  'Frames p50 / p95',
  'Draw calls',
  'Uploaded',
] as const;

interface ResultsTableProps {
  runs: RunRecord[];
  current: { request: RunRequest; steps: StepRecord[] } | null;
  gpu: BrowserInfo['gpu'];
  jsSamplingMs: number | null;
}

function runTitle(request: RunRequest): string {
  const scenario = request.scenario === 'all' ? 'every scenario' : SCENARIO_LABELS[request.scenario].toLowerCase();
  return `${RENDERER_LABELS[request.renderer]} · ${shortCount(request.n)} machines · ${scenario}`;
}

function StepRow({ step }: { step: StepRecord }) {
  return (
    <Table.Tr>
      <Table.Td>{step.step}</Table.Td>
      <Table.Td ta="right">{formatCount(step.shown)}</Table.Td>
      <Table.Td ta="right">{formatMs(step.drawnMs)}</Table.Td>
      <Table.Td ta="right">{formatMs(step.jsMs)}</Table.Td>
      <Table.Td ta="right">{formatFrames(step.frames)}</Table.Td>
      <Table.Td ta="right">{step.draws.toLocaleString('en')}</Table.Td>
      <Table.Td ta="right">{formatKB(step.uploadKB)}</Table.Td>
    </Table.Tr>
  );
}

function RunRows({ title, steps, footer }: { title: string; steps: StepRecord[]; footer: string[] }) {
  return (
    <Table.Tbody>
      <Table.Tr>
        <Table.Th colSpan={COLUMNS.length} scope="rowgroup" bg="var(--mantine-color-gray-0)">
          {title}
        </Table.Th>
      </Table.Tr>
      {steps.map((step, i) => (
        <StepRow key={i} step={step} />
      ))}
      {footer.map((line) => (
        <Table.Tr key={line}>
          <Table.Td colSpan={COLUMNS.length}>
            <Text size="sm" c="dimmed">
              {line}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/**
 * Every run's steps, row by row as they come. Memoised: the live readout re-renders the page twice a second
 * while steps are measured, and the table need not follow it.
 */
export const ResultsTable = memo(function ResultsTable({ runs, current, gpu, jsSamplingMs }: ResultsTableProps) {
  const sampling =
    jsSamplingMs === null
      ? 'main-thread JS is not measured in this browser (it needs the JS self-profiler)'
      : `main-thread JS sampled every ${jsSamplingMs} ms`;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover withRowBorders verticalSpacing={6} fz="sm" aria-describedby="bench-table-note">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((name, i) => (
                <Table.Th key={name} ta={i === 0 ? 'left' : 'right'} scope="col">
                  {name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {runs.map((run, i) => (
            <RunRows
              key={i}
              title={`${runTitle(run)} · build ${run.build}`}
              steps={run.steps}
              footer={[...run.notes, ...(run.error ? [`Stopped: ${run.error}.`] : [])]}
            />
          ))}
          {current && <RunRows title={`${runTitle(current.request)} · running`} steps={current.steps} footer={[]} />}
          {runs.length === 0 && !current && (
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text size="sm" c="dimmed">
                    No runs yet: each step of a run comes here as it finishes.
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          )}
        </Table>
      </Table.ScrollContainer>
      <Text id="bench-table-note" size="sm" c="dimmed" mt="xs">
        GPU: {gpu ? `${gpu.renderer} (${gpu.vendor})` : 'no WebGL'}; {sampling}.
      </Text>
    </>
  );
});
