import { Button, Group, NativeSelect, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { SCENARIO_LABELS } from '../scenarios';
import { BENCH_SIZES, RENDERERS, RENDERER_LABELS, SCENARIOS, type RendererName } from '../stage/stageApi';
import { shortCount } from '../record/format';
import type { RunScenario } from '../record/record';
import type { RunRequest } from './runBench';

const SCENARIO_OPTIONS = [
  { value: 'all', label: 'Every scenario' },
  ...SCENARIOS.map((name) => ({ value: name, label: SCENARIO_LABELS[name] })),
];

interface RunFormProps {
  request: RunRequest;
  onChange: (request: RunRequest) => void;
  running: boolean;
  onRun: () => void;
  onStop: () => void;
}

/** What to run (N, renderer, scenario) and the Run and Stop buttons. */
export function RunForm({ request, onChange, running, onRun, onStop }: RunFormProps) {
  return (
    <Stack gap="md">
      <div>
        <Text id="bench-n-label" fw={500} size="sm" mb={4}>
          Machines (N)
        </Text>
        <SegmentedControl
          aria-labelledby="bench-n-label"
          fullWidth
          disabled={running}
          value={String(request.n)}
          onChange={(value) => onChange({ ...request, n: Number(value) })}
          data={BENCH_SIZES.map((n) => ({ value: String(n), label: shortCount(n) }))}
        />
      </div>
      <Radio.Group
        label="Renderer"
        value={request.renderer}
        onChange={(value) => onChange({ ...request, renderer: value as RendererName })}
      >
        <Stack gap={8} mt={6}>
          {RENDERERS.map((name) => (
            <Radio key={name} value={name} label={RENDERER_LABELS[name]} disabled={running} />
          ))}
        </Stack>
      </Radio.Group>
      <NativeSelect
        label="Scenario"
        disabled={running}
        value={request.scenario}
        onChange={(event) => onChange({ ...request, scenario: event.currentTarget.value as RunScenario })}
        data={SCENARIO_OPTIONS}
      />
      <Group grow>
        <Button onClick={onRun} loading={running} loaderProps={{ type: 'dots' }}>
          Run
        </Button>
        <Button variant="default" onClick={onStop} disabled={!running}>
          Stop
        </Button>
      </Group>
    </Stack>
  );
}
