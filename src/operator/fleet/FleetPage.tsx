import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../ui/useIsMobile';
import { OpenAlertsBadge } from '../openAlerts/OpenAlertsBadge';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { fleetAtom, fleetFiltersAtom, fleetShownAtom, loadFleetAtom } from './fleetAtoms';
import { filtersSet } from './fleetFilter';
import { FleetFilters } from './FleetFilters';
import { FleetSortMenu } from './FleetSortMenu';
import { FleetTable } from './FleetTable';
import { useReportCounts } from '../reportCounts/useReportCounts';
import { useFleetLive } from './useFleetLive';

/** Every machine the person may see, sorted and filtered, kept live. */
export function FleetPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const mobile = useIsMobile();
  const fleet = useAtomValue(fleetAtom);
  const shown = useAtomValue(fleetShownAtom);
  const load = useSetAtom(loadFleetAtom);
  const [failure, setFailure] = useState<unknown>(null);
  const live = useFleetLive();
  // On a phone the filters fold away above the list, the number of those set on their button.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = filtersSet(useAtomValue(fleetFiltersAtom));

  const tryLoad = () => {
    setFailure(null);
    load(call).catch(setFailure);
  };
  useEffect(() => {
    if (!fleet) tryLoad();
    // Loaded once per visit; the live stream keeps it current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useReportCounts();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('fleet.title')}</Title>
        {fleet && (
          <Group gap="xs">
            <Text size="sm" aria-live="polite">
              {t('fleet.shown', { count: shown.length })} · {t('fleet.count', { count: fleet.rows.length })}
            </Text>
            <Badge color={live === 'live' ? 'brand' : 'yellow'} variant="dot">
              {live === 'live' ? t('fleet.live') : t('fleet.reconnecting')}
            </Badge>
            <OpenAlertsBadge />
          </Group>
        )}
      </Group>
      {mobile ? (
        <>
          <Button
            variant="default"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            rightSection={filterCount > 0 ? <Badge size="sm">{filterCount}</Badge> : undefined}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('fleet.filters')}
          </Button>
          {filtersOpen && (
            <>
              <FleetFilters />
              <FleetSortMenu />
            </>
          )}
        </>
      ) : (
        <FleetFilters />
      )}
      {failure ? (
        <Stack align="flex-start" role="alert">
          <Text>
            {t('fleet.loadFailed')} {errorText(failure)}
          </Text>
          <Button onClick={tryLoad}>{t('console.retry')}</Button>
        </Stack>
      ) : !fleet ? (
        <Group>
          <Loader size="sm" />
          <Text>{t('fleet.loading')}</Text>
        </Group>
      ) : shown.length === 0 ? (
        <Text>{t('fleet.empty')}</Text>
      ) : (
        <FleetTable />
      )}
    </Stack>
  );
}
