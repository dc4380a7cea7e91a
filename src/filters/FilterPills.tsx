import { AreaFilter } from './AreaFilter';
import { DistrictFilter } from './DistrictFilter';
import { StatusFilter } from './StatusFilter';
import classes from './FilterPill.module.css';

/** The desktop panel's filters on one line: status, area and district as pills that say which are on. */
export function FilterPills() {
  return (
    <div className={classes.row}>
      <StatusFilter compact />
      <AreaFilter compact />
      <DistrictFilter compact />
    </div>
  );
}
