import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { ConsoleKey } from '../i18n/consoleMessages';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { fetchAbout, type About } from './aboutCalls';

const ENGINE_KEYS = { sqlite: 'about.sqlite', postgres: 'about.postgres' } as const satisfies Record<
  About['engine'],
  ConsoleKey
>;

/** What runs at this deployment, read only: for a question to the team that runs it, or a bug report. */
export function AboutPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [about, setAbout] = useState<About | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const load = useCallback(async () => {
    setFailure(null);
    try {
      setAbout(await fetchAbout(call));
    } catch (error) {
      setFailure(error);
    }
  }, [call]);
  useEffect(() => void load(), [load]);

  return (
    <Stack gap="lg" align="flex-start">
      <Title order={2}>{t('about.title')}</Title>
      <Text>{t('about.intro')}</Text>
      {failure !== null && (
        <Alert color="red" role="alert">
          {t('about.loadFailed')} {errorText(failure)}{' '}
          <Button size="xs" variant="default" onClick={() => void load()}>
            {t('console.retry')}
          </Button>
        </Alert>
      )}
      {about === null ? failure === null && <Loading /> : <AboutTable about={about} />}
    </Stack>
  );
}

function AboutTable({ about }: { about: About }) {
  const t = useConsoleT();
  const rows: [string, string][] = [
    [t('about.version'), about.version],
    [t('about.build'), about.commit],
    [t('about.engine'), t(ENGINE_KEYS[about.engine])],
    [t('about.node'), about.node],
    [t('about.timeZone'), about.timeZone],
    [
      t('about.feed'),
      about.feed === null
        ? t('about.noFeed')
        : t('about.feedEvery', { url: about.feed.url, count: about.feed.intervalS }),
    ],
  ];
  return (
    <Table withTableBorder w="auto" aria-label={t('about.title')}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row">{name}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
