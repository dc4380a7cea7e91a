import { NativeSelect } from '@mantine/core';
import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { AREAS, type Area } from '../../shared/machine';
import { areaAtom } from './filterAtoms';

const ALL = '';

export function AreaFilter() {
  const [area, setArea] = useAtom(areaAtom);
  const t = useT();
  const data = [{ value: ALL, label: t('filter.allArea') }, ...AREAS.map((a) => ({ value: a, label: t(`area.${a}`) }))];
  return (
    <NativeSelect
      label={t('filter.area')}
      data={data}
      value={area ?? ALL}
      onChange={(e) => setArea(e.currentTarget.value === ALL ? null : (e.currentTarget.value as Area))}
    />
  );
}
