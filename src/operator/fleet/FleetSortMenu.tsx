import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import { useAtom } from 'jotai';
import { useConsoleT } from '../i18n/useConsoleT';
import { fleetSortAtom } from './fleetAtoms';
import { FLEET_COLUMNS, type FleetColumn } from './fleetSort';

/** On a phone, where the table's header is out of sight: the column to sort by and the direction. */
export function FleetSortMenu() {
  const t = useConsoleT();
  const [sort, setSort] = useAtom(fleetSortAtom);
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label={t('fleet.sortLabel')}
        value={sort.column}
        onChange={(event) => setSort({ ...sort, column: event.currentTarget.value as FleetColumn })}
        data={FLEET_COLUMNS.map((column) => ({ value: column, label: t(`fleet.column.${column}`) }))}
        w={180}
      />
      <SegmentedControl
        aria-label={t('fleet.sortLabel')}
        value={sort.desc ? 'desc' : 'asc'}
        onChange={(value) => setSort({ ...sort, desc: value === 'desc' })}
        data={[
          { value: 'asc', label: t('fleet.ascending') },
          { value: 'desc', label: t('fleet.descending') },
        ]}
      />
    </Group>
  );
}
