import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { statusGroupAtom } from './filterAtoms';
import { STATUS_GROUPS, type StatusGroup } from '../machines/statusGroups';
import { FilterSelect } from './FilterSelect';

const ALL = '';

export function StatusFilter({ compact }: { compact?: boolean }) {
  const [group, setGroup] = useAtom(statusGroupAtom);
  const t = useT();
  const data = [
    { value: ALL, label: t('filter.allStatus') },
    ...STATUS_GROUPS.map((g) => ({ value: g, label: t(`statusGroup.${g}`) })),
  ];
  return (
    <FilterSelect
      compact={compact}
      label={t('filter.status')}
      data={data}
      value={group ?? ALL}
      onChange={(value) => setGroup(value === ALL ? null : (value as StatusGroup))}
    />
  );
}
