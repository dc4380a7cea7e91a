import { Button, Chip, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { AREAS, DISTRICTS, DISTRICTS_BY_AREA, type Area, type District } from '../../../shared/machine';
import { SEARCH_DEBOUNCE_MS } from '../../config';
import { useT } from '../../i18n/useT';
import { useConsoleT } from '../i18n/useConsoleT';
import { fleetFiltersAtom } from './fleetAtoms';
import { NO_FLEET_FILTERS, type FleetFilters as Filters } from './fleetFilter';

type Flag = 'fullNow' | 'notReporting' | 'maintenance' | 'deactivated';
const FLAGS: Flag[] = ['fullNow', 'notReporting', 'maintenance', 'deactivated'];
const MAX_HOURS = 24 * 365;

/** Text, area, district, the four conditions and "full for over N hours": every filter set must hold. */
export function FleetFilters() {
  const t = useConsoleT();
  const tPublic = useT();
  const [filters, setFilters] = useAtom(fleetFiltersAtom);
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));
  const [text, setText] = useState(filters.text);
  const setTextLater = useDebouncedCallback((value: string) => set({ text: value }), SEARCH_DEBOUNCE_MS);
  // A reset elsewhere empties the box too.
  useEffect(() => setText((typed) => (filters.text === '' ? '' : typed)), [filters.text]);

  const districts: readonly District[] = filters.area ? DISTRICTS_BY_AREA[filters.area] : DISTRICTS;
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label={t('fleet.filters')}>
      <TextInput
        label={t('fleet.search')}
        placeholder={t('fleet.searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setTextLater(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 220 }}
      />
      <NativeSelect
        label={t('fleet.area')}
        value={filters.area ?? ''}
        onChange={(event) => set({ area: (event.currentTarget.value || null) as Area | null, district: null })}
        data={[
          { value: '', label: t('fleet.allAreas') },
          ...AREAS.map((area) => ({ value: area, label: tPublic(`area.${area}`) })),
        ]}
        w={{ base: '48%', sm: 160 }}
      />
      <NativeSelect
        label={t('fleet.district')}
        value={filters.district ?? ''}
        onChange={(event) => set({ district: (event.currentTarget.value || null) as District | null })}
        data={[
          { value: '', label: t('fleet.allDistricts') },
          ...districts.map((district) => ({ value: district, label: tPublic(`district.${district}`) })),
        ]}
        w={{ base: '48%', sm: 180 }}
      />
      <NumberInput
        label={t('fleet.fullOver')}
        min={0}
        max={MAX_HOURS}
        allowDecimal={false}
        allowNegative={false}
        value={filters.fullOverHours ?? ''}
        onChange={(value) => set({ fullOverHours: typeof value === 'number' ? value : null })}
        w={{ base: '48%', sm: 150 }}
      />
      <Chip.Group
        multiple
        value={FLAGS.filter((flag) => filters[flag])}
        onChange={(on) => set(Object.fromEntries(FLAGS.map((flag) => [flag, on.includes(flag)])))}
      >
        <Group gap="xs">
          {FLAGS.map((flag) => (
            <Chip key={flag} value={flag} size="sm">
              {t(`fleet.${flag}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Button
        variant="subtle"
        onClick={() => {
          setText('');
          setFilters(NO_FLEET_FILTERS);
        }}
      >
        {t('fleet.reset')}
      </Button>
    </Group>
  );
}
