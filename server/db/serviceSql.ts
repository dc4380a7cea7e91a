import { EPISODE_KINDS } from '../../shared/service/episodes';
import { DEFAULT_PROMISE_MINUTES } from './serviceStore';

/**
 * One machine's history as its episodes are made of: its entries coded by what the episodes read (fill level,
 * maintenance, out of service, deactivated), and of those only the entries whose code differs from the one before,
 * or that report an emptying while full. A year at a change every 15 minutes is 35,000 entries a machine; most
 * change the fill level between `>40%` and `<=20%` and stay in the database. `bit` reads a boolean column as 0 or 1.
 */
export function historyChangesSql(bit: (column: string) => string, machine: string): string {
  const code = `(CASE status WHEN 'Full' THEN 2 WHEN '<=5%' THEN 1 ELSE 0 END) + 3 * ${bit('under_maintenance')}
      + 6 * (CASE WHEN service_status = 1 THEN 1 ELSE 0 END) + 12 * ${bit('deactivated')}`;
  return `WITH coded AS (
    SELECT id, at, status, under_maintenance, service_status, deactivated, last_emptied_at, ${code} AS code,
      LAG(${code}) OVER w AS previous_code, LAG(last_emptied_at) OVER w AS previous_emptied
    FROM machine_history WHERE machine_id = ${machine}
    WINDOW w AS (ORDER BY at, id)
  )
  SELECT at, status, under_maintenance, service_status, deactivated, last_emptied_at FROM coded
  WHERE previous_code IS NULL OR code <> previous_code
    OR (code % 3 > 0 AND last_emptied_at IS NOT NULL AND (previous_emptied IS NULL OR last_emptied_at <> previous_emptied))
  ORDER BY at, id`;
}

/**
 * The machines with a history, one probe of the (machine_id, at) index each: a DISTINCT would read every entry, 35
 * million at a year of 1,000 machines.
 */
export const HISTORY_MACHINES_SQL = `WITH RECURSIVE ids (id) AS (
    SELECT MIN(machine_id) FROM machine_history
    UNION ALL
    SELECT (SELECT MIN(machine_id) FROM machine_history WHERE machine_id > ids.id) FROM ids WHERE ids.id IS NOT NULL
  )
  SELECT id FROM ids WHERE id IS NOT NULL`;

/**
 * The stored episodes with their machine's district (machines that are gone are left out): those that started in
 * [from, to) with `started`, else the open ones; `inDistricts` is the condition on `m.district`, or ''.
 */
export function storedEpisodesSql(started: { from: string; to: string } | null, inDistricts: string): string {
  const which = started ? `e.from_at >= ${started.from} AND e.from_at < ${started.to}` : 'e.to_at IS NULL';
  return `SELECT e.machine_id, m.district, e.kind, e.from_at, e.to_at, e.ended
    FROM service_episodes e JOIN machines m ON m.id = e.machine_id
    WHERE ${which}${inDistricts === '' ? '' : ` AND ${inDistricts}`}
    ORDER BY e.from_at, e.machine_id, ${kindOrder('e.kind')}`;
}

const kindOrder = (column: string): string =>
  `CASE ${column} ${EPISODE_KINDS.map((kind, i) => `WHEN '${kind}' THEN ${i}`).join(' ')} END`;

/** The stored setting, or the default when it is absent or unreadable. */
export function readPromiseMinutes(stored: string | undefined): number {
  const minutes = Number(stored);
  return stored !== undefined && Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_PROMISE_MINUTES;
}
