import { Box, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { gpuName } from '../record/format';
import { LiveReadout } from './LiveReadout';
import { ResultActions } from './ResultActions';
import { ResultCharts } from './ResultCharts';
import { ResultsTable } from './ResultsTable';
import { RunForm } from './RunForm';
import type { RunRequest } from './runBench';
import { useBenchRunner } from './useBenchRunner';
import classes from './BenchPage.module.css';

const FIRST_REQUEST: RunRequest = { renderer: 'ours', n: 1_000, scenario: 'all' };

/** The benchmark page: pick what to run, watch it on the stage, read the table and the charts. */
export function BenchPage() {
  const bench = useBenchRunner();
  const [request, setRequest] = useState(FIRST_REQUEST);
  const gpu = gpuName(bench.gpu?.renderer);
  return (
    <Container size="xl" py="lg" component="main" data-bench-state={bench.running ? 'running' : 'idle'}>
      <Stack gap={4} mb="md">
        <Title order={1} size="h2">
          RVM locator benchmark
        </Title>
        <Text c="dimmed" maw={820}>
          Draws N synthetic machines over Hong Kong with one of three renderers and times what a visitor does: the load,
          filter changes, search keys, panning and zooming, a live status change. Everything runs in this browser, on
          this device, and nothing is sent anywhere: copy or download the results to keep them.
        </Text>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-labelledby="bench-run-title">
              <Title id="bench-run-title" order={2} size="h4" mb="sm">
                Run
              </Title>
              <RunForm
                request={request}
                onChange={setRequest}
                running={bench.running}
                onRun={() => void bench.run(request)}
                onStop={bench.stop}
              />
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="bench-live-title">
              <Title id="bench-live-title" order={2} size="h4" mb="sm">
                Live
              </Title>
              <LiveReadout live={bench.live} running={bench.running} lastStep={bench.current?.steps.at(-1)} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder className={classes.stageBox}>
            <iframe ref={bench.frameRef} className={classes.stage} title="Stage: the map being measured" />
            {!bench.running && bench.runs.length === 0 && (
              <Box className={classes.placeholder}>
                <Text c="dimmed">The map is drawn here when you press Run.</Text>
              </Box>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" mt="md" component="section" aria-labelledby="bench-results-title">
        <Group justify="space-between" mb="xs" gap="xs">
          <Title id="bench-results-title" order={2} size="h4">
            Results
          </Title>
          <ResultActions
            record={bench.record}
            hasRuns={bench.runs.length > 0}
            running={bench.running}
            onClear={bench.clear}
          />
        </Group>
        <ResultsTable runs={bench.runs} current={bench.current} gpu={bench.gpu} jsSamplingMs={bench.jsSamplingMs} />
      </Paper>
      <Paper withBorder p="md" mt="md" component="section" aria-labelledby="bench-charts-title">
        <Title id="bench-charts-title" order={2} size="h4" mb="sm">
          Charts
        </Title>
        <ResultCharts runs={bench.runs} gpu={gpu} />
      </Paper>
    </Container>
  );
}
