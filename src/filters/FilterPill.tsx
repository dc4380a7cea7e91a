import { ChevronDownIcon } from '../ui/icons';
import classes from './FilterPill.module.css';

export interface FilterOptionsProps {
  /** The filter's name: a field's label, a pill's accessible name and tooltip. */
  label: string;
  /** The first option is 'all': the filter is off. */
  data: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * A native select drawn as a pill as wide as the option it shows: three fit on one line of the desktop panel.
 * A filter that is on (not its first, 'all' option) is tinted, so the row says which filters are on.
 */
export function FilterPill({ label, data, value, onChange }: FilterOptionsProps) {
  const shown = data.find((option) => option.value === value) ?? data[0];
  return (
    <div className={classes.pill} data-on={value !== (data[0]?.value ?? '') || undefined}>
      {/* Gives the pill the width of the shown option; the select lies over it. */}
      <span className={classes.sizer} aria-hidden="true">
        {shown?.label}
      </span>
      <select aria-label={label} title={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className={classes.chevron} size="1em" />
    </div>
  );
}
