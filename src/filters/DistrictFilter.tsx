import { NativeSelect } from '@mantine/core';
import { useAtom, useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import { DISTRICTS, DISTRICTS_BY_AREA, type District } from '../../shared/machine';
import { areaAtom, districtAtom } from './filterAtoms';

const ALL = '';

/** Only the districts of the chosen area (spec §5). */
export function DistrictFilter() {
  const area = useAtomValue(areaAtom);
  const [district, setDistrict] = useAtom(districtAtom);
  const t = useT();
  const options: readonly District[] = area ? DISTRICTS_BY_AREA[area] : DISTRICTS;
  const data = [
    { value: ALL, label: t('filter.allDistrict') },
    ...options.map((d) => ({ value: d, label: t(`district.${d}`) })),
  ];
  return (
    <NativeSelect
      label={t('filter.district')}
      data={data}
      value={district ?? ALL}
      onChange={(e) => setDistrict(e.currentTarget.value === ALL ? null : (e.currentTarget.value as District))}
    />
  );
}
