import { NativeSelect } from '@mantine/core';
import { FilterPill, type FilterOptionsProps } from './FilterPill';

export interface FilterSelectProps extends FilterOptionsProps {
  /** A pill as wide as its choice (the desktop panel), else a labelled field (the phone's filter sheet). */
  compact?: boolean;
}

export function FilterSelect({ label, data, value, onChange, compact = false }: FilterSelectProps) {
  if (compact) return <FilterPill label={label} data={data} value={value} onChange={onChange} />;
  return (
    <NativeSelect label={label} data={[...data]} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}
