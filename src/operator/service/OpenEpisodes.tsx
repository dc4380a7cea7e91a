import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { OpenEpisodesAnswer } from '../../../shared/contract/service';
import { ConsoleLink } from '../ConsoleLink';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { useDistrictName } from '../useDistrictName';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { useShowTime } from '../useShowTime';
import { fetchOpenEpisodes } from '../serviceLevels/serviceCalls';
import { clockOf, hoursAndMinutes } from '../serviceLevels/serviceFormat';
import classes from './ServicePage.module.css';

const REFRESH_MS = 60_000;

/** The episodes going on now, full and nearly full ones nearest the promise's limit first, with their clocks. */
export function OpenEpisodes() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const districtName = useDistrictName();
  const time = useShowTime();
  const [answer, setAnswer] = useState<OpenEpisodesAnswer | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(
    () =>
      fetchOpenEpisodes(call).then(
        (loaded) => {
          setAnswer(loaded);
          setFailure(null);
        },
        (error: unknown) => setFailure(error),
      ),
    [call],
  );
  usePolling(load, REFRESH_MS);

  return (
    <Stack gap="xs" className={classes.noPrint} component="section" aria-labelledby="service-open">
      <Title order={3} id="service-open">
        {t('service.open')}
      </Title>
      {answer && (
        <Text size="sm" c="dimmed">
          {t('service.promiseIs', { time: hoursAndMinutes(answer.promiseMinutes, t) })}
        </Text>
      )}
      {failure !== null && <Alert color="red">{errorText(failure)}</Alert>}
      {answer === null ? (
        failure === null && <Loading />
      ) : answer.episodes.length === 0 ? (
        <Text>{t('service.noneOpen')}</Text>
      ) : (
        <ConsoleTable
          columns={[
            t('service.machine'),
            t('service.district'),
            t('service.kind'),
            t('service.since'),
            t('service.clock'),
          ]}
          minWidth={640}
          striped
          aria-label={t('service.open')}
        >
          {answer.episodes.map((episode) => {
            const clock = episode.minutesLeft === null ? null : clockOf(episode.minutesLeft, t);
            return (
              <ConsoleRow key={`${episode.machineId} ${episode.kind}`}>
                <Table.Th scope="row">
                  <ConsoleLink to={machinePath(episode.machineId)}>{episode.machineId}</ConsoleLink>
                </Table.Th>
                <Table.Td>{districtName(episode.district)}</Table.Td>
                <Table.Td>{t(`service.kinds.${episode.kind}`)}</Table.Td>
                <Table.Td>{time(episode.from)}</Table.Td>
                <Table.Td>
                  {clock === null ? (
                    '—'
                  ) : (
                    <Text span fw={clock.late ? 700 : 400} c={clock.late ? 'red.8' : undefined}>
                      {t(clock.late ? 'service.lateBy' : 'service.left', { time: clock.text })}
                    </Text>
                  )}
                </Table.Td>
              </ConsoleRow>
            );
          })}
        </ConsoleTable>
      )}
    </Stack>
  );
}
