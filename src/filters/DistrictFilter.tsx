import { useAtom, useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import { DISTRICTS, DISTRICTS_BY_AREA, type District } from '../../shared/machine';
import { areaAtom, districtAtom } from './filterAtoms';
import { FilterSelect } from './FilterSelect';

const ALL = '';

/** Only the districts of the chosen area (docs/spec.md#validation-rules). */
export function DistrictFilter({ compact }: { compact?: boolean }) {
  const area = useAtomValue(areaAtom);
  const [district, setDistrict] = useAtom(districtAtom);
  const t = useT();
  const options: readonly District[] = area ? DISTRICTS_BY_AREA[area] : DISTRICTS;
  const data = [
    { value: ALL, label: t('filter.allDistrict') },
    ...options.map((d) => ({ value: d, label: t(`district.${d}`) })),
  ];
  return (
    <FilterSelect
      compact={compact}
      label={t('filter.district')}
      data={data}
      value={district ?? ALL}
      onChange={(value) => setDistrict(value === ALL ? null : (value as District))}
    />
  );
}
