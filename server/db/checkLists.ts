// The lists the migrations' CHECK constraints allow, on both engines, generated from the shared enumerations so they
// cannot drift from the types. Changing an enumeration later needs a migration that remakes the constraint (SQLite
// cannot alter a CHECK: it rebuilds the table).
import { AREAS, DISTRICTS, DISTRICTS_BY_AREA, STATUSES } from '../../shared/contract/machine';
import { REPORT_KINDS, REPORT_STATES } from '../../shared/contract/problemReport';
import { EPISODE_ENDS, EPISODE_KINDS } from '../../shared/service/episodes';
import { ROLES } from '../accounts/account';
import { ACTOR_KINDS } from '../accounts/actor';
import { ALERT_EVENTS } from '../alerts/alert';
import { ALERT_KINDS } from '../alerts/alertRule';
import { ACCESS_ACTIONS } from './accessAudit';
import { SECOND_FACTOR_STATES } from './accountStore';
import { DELIVERY_STATES } from './alertStore';
import { HOLD_STATES, HOLD_VERDICTS } from './feedStore';

const quote = (value: string): string => `'${value.replaceAll("'", "''")}'`;
const sqlList = (values: readonly string[]): string => values.map(quote).join(', ');

const ENUMERATIONS = {
  ACCESS_ACTIONS,
  ACTOR_KINDS,
  ALERT_EVENTS,
  ALERT_KINDS,
  AREAS,
  DELIVERY_STATES,
  DISTRICTS,
  EPISODE_ENDS,
  EPISODE_KINDS,
  HOLD_STATES,
  HOLD_VERDICTS,
  REPORT_KINDS,
  REPORT_STATES,
  ROLES,
  SECOND_FACTOR_STATES,
  STATUSES,
};

/** Each enumeration as the quoted, comma-separated values of an SQL `IN (…)`. */
export const IN = Object.fromEntries(
  Object.entries(ENUMERATIONS).map(([name, values]) => [name, sqlList(values)]),
) as Record<keyof typeof ENUMERATIONS, string>;

/** A machine's district belongs to its area: the condition, one line per area. */
export const DISTRICT_MATCHES_AREA = AREAS.map(
  (area) => `(area = ${quote(area)} AND district IN (${sqlList(DISTRICTS_BY_AREA[area])}))`,
).join('\n      OR ');
