import { Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthFiguresWire } from '../../../shared/contract/service';
import { useConsoleT } from '../i18n/useConsoleT';
import a11y from '../../ui/a11y.module.css';
import { percent } from '../serviceLevels/serviceFormat';
import classes from './ServicePage.module.css';

const HEIGHT_PX = 220;

/** The share kept per day of the month (recharts), with its figures as a table for those who cannot see it. */
export function KeptShareChart({ days }: { days: MonthFiguresWire['days'] }) {
  const t = useConsoleT();
  const theme = useMantineTheme();
  const data = days.map((day) => ({
    day: Number(day.day.slice(8)),
    share: day.keptShare === null ? 0 : day.keptShare * 100,
  }));
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('service.sharePerDay')}</Text>
      <BarChart
        responsive
        style={{ width: '100%', height: HEIGHT_PX }}
        data={data}
        title={t('service.sharePerDay')}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" />
        <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit=" %" width={56} />
        <Tooltip formatter={(value) => [`${Math.round(Number(value))} %`, t('service.keptShare')]} />
        <Bar dataKey="share" fill={theme.colors.brand?.[7]} isAnimationActive={false} />
      </BarChart>
      {/* Not printed: laid out of sight, its 31 rows would still run the printed report onto a second page. */}
      <Table className={`${a11y.visuallyHidden} ${classes.noPrint}`} aria-label={t('service.sharePerDay')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('service.day')}</Table.Th>
            <Table.Th scope="col">{t('service.episodes')}</Table.Th>
            <Table.Th scope="col">{t('service.keptShare')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.day}>
              <Table.Td>{day.day}</Table.Td>
              <Table.Td>{day.episodes}</Table.Td>
              <Table.Td>{percent(day.keptShare)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
