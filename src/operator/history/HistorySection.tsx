import { Fieldset, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { Machine } from '../../../shared/machine';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { fetchStateHistory } from './fetchStateHistory';
import { fullHoursByDay, statePoints, type StateEntry } from './stateHistory';

import { HistoryCharts } from './HistoryCharts';

export const HISTORY_DAYS = 30;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

type Loaded = { entries: StateEntry[] | null; at: number } | { failed: true } | null;

/** The machine's states over the last 30 days as a chart, and the hours it stood full each day. */
export function HistorySection({ machine }: { machine: Machine }) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const { id } = machine;
  // Reloaded when the machine changes (an edit, a live event): the change is then in the history too.
  const version = JSON.stringify([
    machine.status,
    machine.under_maintenance,
    machine.service_status,
    machine.deactivated,
  ]);

  useEffect(() => {
    let current = true;
    const at = Date.now();
    fetchStateHistory(call, id, new Date(at - HISTORY_DAYS * MS_PER_DAY).toISOString()).then(
      (entries) => current && setLoaded({ entries, at }),
      () => current && setLoaded({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [call, id, version]);

  const charts = useMemo(() => {
    if (!loaded || 'failed' in loaded || loaded.entries === null) return null;
    const now: StateEntry = {
      at: Math.max(loaded.at, Date.now()),
      status: machine.status,
      under_maintenance: machine.under_maintenance,
      service_status: machine.service_status,
      deactivated: machine.deactivated === true,
    };
    return {
      points: statePoints(loaded.entries, now, now.at - HISTORY_DAYS * MS_PER_DAY),
      days: fullHoursByDay(loaded.entries, now, HISTORY_DAYS),
    };
  }, [loaded, machine]);

  return (
    <Fieldset legend={t('history.section')}>
      {loaded === null && <Loader size="sm" role="status" aria-label={t('history.loading')} />}
      {loaded !== null && 'failed' in loaded && <Text role="alert">{t('history.failed')}</Text>}
      {loaded !== null && !('failed' in loaded) && loaded.entries === null && <Text>{t('history.tooLong')}</Text>}
      {charts && <HistoryCharts points={charts.points} days={charts.days} />}
    </Fieldset>
  );
}
