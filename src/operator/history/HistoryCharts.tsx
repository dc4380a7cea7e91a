import { Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { HONG_KONG_TIME_ZONE } from '../../config';
import { DATE_LOCALE } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { TIMELINE_STATES, type DayFull, type StatePoint, type TimelineState } from './stateHistory';

const STATES_HEIGHT_PX = 220;
const DAYS_HEIGHT_PX = 200;
const HOURS_TICKS = [0, 6, 12, 18, 24];
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
/** A tick every this many days on the states chart. */
const TICK_DAYS = 5;

/** Hong Kong midnights between `from` and `to`, every TICK_DAYS days back from the last. */
function dayTicks(from: number, to: number): number[] {
  const last = Math.floor((to + HK_OFFSET_MS) / MS_PER_DAY) * MS_PER_DAY - HK_OFFSET_MS;
  const ticks: number[] = [];
  for (let at = last; at >= from; at -= TICK_DAYS * MS_PER_DAY) ticks.unshift(at);
  return ticks;
}

/** The two history charts (recharts, loaded with this file), each with its figures as a table for those who cannot see it. */
export function HistoryCharts({ points, days }: { points: readonly StatePoint[]; days: readonly DayFull[] }) {
  const t = useConsoleT();
  const theme = useMantineTheme();
  const locale = useAtomValue(localeAtom);
  const formats = useMemo(() => {
    const options = { timeZone: HONG_KONG_TIME_ZONE, hourCycle: 'h23' } as const;
    return {
      day: new Intl.DateTimeFormat(DATE_LOCALE[locale], { ...options, day: 'numeric', month: 'numeric' }),
      dateTime: new Intl.DateTimeFormat(DATE_LOCALE[locale], {
        ...options,
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
      date: new Intl.DateTimeFormat(DATE_LOCALE[locale], {
        ...options,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
    };
  }, [locale]);
  const label = (state: TimelineState | undefined) =>
    state === undefined ? '' : state === 'deactivated' ? t('history.deactivated') : t(`fleet.state.${state}`);
  const from = points[0]?.at ?? 0;
  const to = points.at(-1)?.at ?? 0;
  const dayMs = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
  const stateData = points.map((point) => ({ at: point.at, level: TIMELINE_STATES.indexOf(point.state) }));
  const dayData = days.map((day) => ({ day: day.day, hours: day.hours ?? 0 }));

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('history.states')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('history.statesSummary', { from: formats.dateTime.format(from), to: formats.dateTime.format(to) })}
        </Text>
        <LineChart
          responsive
          style={{ width: '100%', height: STATES_HEIGHT_PX }}
          data={stateData}
          title={t('history.states')}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={[from, to]}
            ticks={dayTicks(from, to)}
            tickFormatter={(at: number) => formats.day.format(at)}
          />
          <YAxis
            type="number"
            domain={[0, TIMELINE_STATES.length - 1]}
            ticks={TIMELINE_STATES.map((_, i) => i)}
            tickFormatter={(level: number) => label(TIMELINE_STATES[level])}
            width={120}
          />
          <Tooltip
            labelFormatter={(at) => formats.dateTime.format(Number(at))}
            formatter={(level) => [label(TIMELINE_STATES[Number(level)]), t('history.state')]}
          />
          <Line
            type="stepAfter"
            dataKey="level"
            stroke={theme.colors.brand?.[8]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
        <FiguresTable
          headers={[t('history.time'), t('history.state')]}
          rows={points.slice(0, -1).map((point) => [formats.dateTime.format(point.at), label(point.state)])}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('history.fullPerDay')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('history.fullPerDaySummary')}
        </Text>
        <BarChart
          responsive
          style={{ width: '100%', height: DAYS_HEIGHT_PX }}
          data={dayData}
          title={t('history.fullPerDay')}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => formats.day.format(dayMs(day))} />
          <YAxis domain={[0, 24]} ticks={HOURS_TICKS} width={40} />
          <Tooltip
            labelFormatter={(day) => formats.date.format(dayMs(String(day)))}
            formatter={(hours) => [t('history.hours', { count: Number(hours) }), t('history.hoursFull')]}
          />
          <Bar dataKey="hours" fill={theme.colors.red[7]} isAnimationActive={false} />
        </BarChart>
        <FiguresTable
          headers={[t('history.day'), t('history.hoursFull')]}
          rows={days.map((day) => [
            formats.date.format(dayMs(day.day)),
            day.hours === null ? '—' : t('history.hours', { count: day.hours }),
          ])}
        />
      </Stack>
    </Stack>
  );
}

/** A chart's figures, folded away; the rows are made only when opened (a busy machine has thousands). */
function FiguresTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  const t = useConsoleT();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('history.showTable')}</summary>
      {open && (
        <Table striped withTableBorder mt="xs">
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, k) => (
              <Table.Tr key={k}>
                {row.map((cell, c) => (
                  <Table.Td key={c}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </details>
  );
}
