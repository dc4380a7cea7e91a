import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DISTRICTS, type District } from '../../../shared/contract/machine';
import type { MonthFiguresWire } from '../../../shared/contract/service';
import { nowAtom } from '../../clock/nowAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { useDistrictName } from '../useDistrictName';
import { useErrorText } from '../useErrorText';
import { KeptShareChart } from './KeptShareChart';
import { episodesCsvUrl, fetchMonthFigures, type ServiceChoice } from '../serviceLevels/serviceCalls';
import { localeAtom } from '../../i18n/localeAtom';
import { hongKongMonthNow, hoursAndMinutes, monthName, monthsBefore, percent } from '../serviceLevels/serviceFormat';
import classes from './ServicePage.module.css';

const MONTHS_OFFERED = 13;
const EVERY_DISTRICT = '';

/** A month's figures for a district (or every district of the person): the report, its CSV and its print. */
export function MonthReport() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const districtName = useDistrictName();
  const session = useAtomValue(sessionAtom);
  const locale = useAtomValue(localeAtom);
  const months = monthsBefore(hongKongMonthNow(useAtomValue(nowAtom).getTime()), MONTHS_OFFERED);
  const [choice, setChoice] = useState<ServiceChoice>({ month: months[0]!, district: null });
  const [figures, setFigures] = useState<MonthFiguresWire | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const districts: readonly District[] = session?.districts.length ? session.districts : DISTRICTS;

  useEffect(() => {
    let current = true;
    setFigures(null);
    setFailure(null);
    fetchMonthFigures(call, choice).then(
      (loaded) => current && setFigures(loaded),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [call, choice]);

  const place = choice.district === null ? t('service.everyDistrict') : districtName(choice.district);
  const minutes = (value: number | null) => (value === null ? '—' : hoursAndMinutes(value, t));

  return (
    <Stack gap="sm" component="section" aria-labelledby="service-month" className={classes.report}>
      <Title order={3} id="service-month">
        {t('service.reportTitle', { time: monthName(choice.month, locale), name: place })}
      </Title>
      <Group align="flex-end" gap="sm" className={classes.noPrint}>
        <NativeSelect
          label={t('service.month')}
          value={choice.month}
          data={months.map((month) => ({ value: month, label: monthName(month, locale) }))}
          onChange={(event) => setChoice({ ...choice, month: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('service.district')}
          value={choice.district ?? EVERY_DISTRICT}
          data={[
            { value: EVERY_DISTRICT, label: t('service.everyDistrict') },
            ...districts.map((district) => ({ value: district, label: districtName(district) })),
          ]}
          onChange={(event) =>
            setChoice({ ...choice, district: (event.currentTarget.value || null) as District | null })
          }
        />
        <Anchor href={episodesCsvUrl(choice)} download>
          {t('service.downloadCsv')}
        </Anchor>
        <Button variant="default" onClick={() => window.print()}>
          {t('service.print')}
        </Button>
      </Group>
      {failure !== null && <Alert color="red">{errorText(failure)}</Alert>}
      {figures === null ? (
        failure === null && <Loading />
      ) : (
        <>
          <Table className={classes.figures} aria-label={t('service.figures')}>
            <Table.Tbody>
              {[
                [t('service.promise'), hoursAndMinutes(figures.promiseMinutes, t)],
                [t('service.episodes'), String(figures.episodes)],
                [t('service.keptShare'), percent(figures.keptShare)],
                [t('service.keptAndBroken'), `${figures.kept} / ${figures.broken}`],
                [t('service.median'), minutes(figures.medianMinutesToEmpty)],
                [t('service.p95'), minutes(figures.p95MinutesToEmpty)],
                [t('service.hoursFull'), (Math.round(figures.hoursFull * 10) / 10).toLocaleString()],
                [t('service.nearlyFullEpisodes'), String(figures.nearlyFullEpisodes)],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <SimpleGrid cols={{ base: 1, md: 2 }} className={classes.printColumns}>
            <KeptShareChart days={figures.days} />
            <Stack gap="xs">
              <Text fw={600}>{t('service.worstMachines')}</Text>
              {figures.worstMachines.length === 0 ? (
                <Text size="sm">{t('service.noneBroken')}</Text>
              ) : (
                <Table striped aria-label={t('service.worstMachines')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('service.machine')}</Table.Th>
                      <Table.Th scope="col">{t('service.broken')}</Table.Th>
                      <Table.Th scope="col">{t('service.lateInAll')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {figures.worstMachines.map((machine) => (
                      <Table.Tr key={machine.machineId}>
                        <Table.Td>{machine.machineId}</Table.Td>
                        <Table.Td>{machine.broken}</Table.Td>
                        <Table.Td>{hoursAndMinutes(machine.lateMinutes, t)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
