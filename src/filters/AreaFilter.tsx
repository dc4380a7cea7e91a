import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { AREAS, type Area } from '../../shared/machine';
import { areaAtom } from './filterAtoms';
import { FilterSelect } from './FilterSelect';

const ALL = '';

export function AreaFilter({ compact }: { compact?: boolean }) {
  const [area, setArea] = useAtom(areaAtom);
  const t = useT();
  const data = [{ value: ALL, label: t('filter.allArea') }, ...AREAS.map((a) => ({ value: a, label: t(`area.${a}`) }))];
  return (
    <FilterSelect
      compact={compact}
      label={t('filter.area')}
      data={data}
      value={area ?? ALL}
      onChange={(value) => setArea(value === ALL ? null : (value as Area))}
    />
  );
}
