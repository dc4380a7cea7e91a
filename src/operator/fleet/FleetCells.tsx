import { Badge, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { nowAtom } from '../../clock/nowAtom';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { staleAfterMsAtom } from '../../machines/machinesAtom';
import type { DisplayState } from '../../machines/displayState';
import { ConsoleLink } from '../ConsoleLink';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { reportsPath } from '../reportCounts/reportCountCalls';
import { reportCountsAtom } from '../reportCounts/reportCountsAtom';
import { isNotReporting } from './fleetFilter';
import type { FleetRow } from './fleetRow';

/** The public map's marker colours, as badges (the four states of docs/spec.md#display-states). */
export const STATE_COLOURS: Record<DisplayState, string> = {
  available: 'brand',
  nearlyFull: 'orange',
  full: 'red',
  maintenance: 'gray',
};

export function MachineCell({ row }: { row: FleetRow }) {
  const locale = useAtomValue(localeAtom);
  const name = row.machine[`name_${locale}`] || row.machine.name_en || row.machine.id;
  return (
    <>
      <ConsoleLink to={machinePath(row.machine.id)} fw={600} lineClamp={1} title={name}>
        {name}
      </ConsoleLink>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {row.machine.id}
      </Text>
    </>
  );
}

/** The machine's open reports: the number, linking to them and named in full; a dimmed 0 when it has none. */
export function ReportsCell({ row }: { row: FleetRow }) {
  const t = useConsoleT();
  const count = useAtomValue(reportCountsAtom)[row.machine.id] ?? 0;
  if (count === 0) {
    return (
      <Text size="sm" c="dimmed">
        0
      </Text>
    );
  }
  return (
    <ConsoleLink
      to={reportsPath(row.machine.id)}
      size="sm"
      c="red.8"
      fw={600}
      aria-label={t('reports.countLink', { count })}
    >
      {count}
    </ConsoleLink>
  );
}

export function DistrictCell({ row }: { row: FleetRow }) {
  const t = useT();
  return <Text size="sm">{row.machine.district ? t(`district.${row.machine.district}`) : '—'}</Text>;
}

export function StateCell({ row }: { row: FleetRow }) {
  const t = useConsoleT();
  return (
    // The light tint carries the colour; the text stays dark, as the light variant's orange reads at 3.6:1 (axe).
    <Badge color={STATE_COLOURS[row.state]} c="dark.7" variant="light" radius="sm" tt="none" size="md">
      {t(`fleet.state.${row.state}`)}
    </Badge>
  );
}

export function StatusCell({ row }: { row: FleetRow }) {
  const t = useConsoleT();
  const { status } = row.machine;
  const label = status === null ? t('fleet.unknownStatus') : status === 'Full' ? t('fleet.state.full') : status;
  return <Text size="sm">{label}</Text>;
}

export function TimeCell({ ms, warn = false }: { ms: number | null; warn?: boolean }) {
  const t = useConsoleT();
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom).getTime();
  return (
    <Text size="sm" c={warn ? 'red.8' : undefined} fw={warn ? 600 : undefined}>
      {ms === null ? t('fleet.never') : hongKongTime(ms, now, locale)}
    </Text>
  );
}

export function LastOnlineCell({ row }: { row: FleetRow }) {
  const now = useAtomValue(nowAtom).getTime();
  const staleAfterMs = useAtomValue(staleAfterMsAtom);
  return <TimeCell ms={row.lastOnlineMs} warn={isNotReporting(row, now, staleAfterMs)} />;
}

export function MaintenanceCell({ row }: { row: FleetRow }) {
  const t = useConsoleT();
  const { under_maintenance, service_status } = row.machine;
  const text = under_maintenance
    ? t('fleet.underMaintenance')
    : service_status === 1
      ? t('fleet.outOfService')
      : t('fleet.inService');
  return <Text size="sm">{text}</Text>;
}

export function ActiveCell({ row }: { row: FleetRow }) {
  const t = useConsoleT();
  return row.deactivated ? (
    <Badge color="dark" variant="outline" radius="sm" tt="none" size="md">
      {t('fleet.isDeactivated')}
    </Badge>
  ) : (
    <Text size="sm">{t('fleet.isActive')}</Text>
  );
}
