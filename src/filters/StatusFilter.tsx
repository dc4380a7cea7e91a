import { NativeSelect } from '@mantine/core';
import { useAtom } from 'jotai';
import { useT } from '../i18n/useT';
import { statusGroupAtom } from './filterAtoms';
import { STATUS_GROUPS, type StatusGroup } from '../machines/statusGroups';

const ALL = '';

export function StatusFilter() {
  const [group, setGroup] = useAtom(statusGroupAtom);
  const t = useT();
  const data = [
    { value: ALL, label: t('filter.allStatus') },
    ...STATUS_GROUPS.map((g) => ({ value: g, label: t(`statusGroup.${g}`) })),
  ];
  return (
    <NativeSelect
      label={t('filter.status')}
      data={data}
      value={group ?? ALL}
      onChange={(e) => setGroup(e.currentTarget.value === ALL ? null : (e.currentTarget.value as StatusGroup))}
    />
  );
}
