import type { ApiMachine } from '../../shared/contract/machine';
import type { Alert, AlertChanges, NewAlert } from './alert';
import type { AlertRule } from './alertRule';

const MS_PER_MINUTE = 60_000;

/** What a machine rule reads of a machine. */
export type WatchedMachine = Pick<
  ApiMachine,
  'id' | 'district' | 'status' | 'under_maintenance' | 'service_status' | 'deactivated' | 'last_online'
>;

/** What the server sees now: its machines, and the feed (null when it follows none). */
export interface Observed {
  machines: readonly WatchedMachine[];
  feed: { failing: boolean } | null;
  /** Visitors' open reports of a machine full: each machine's report times, oldest first (reportedFull rules). */
  fullReports?: ReadonlyMap<string, readonly string[]>;
  /** How many of them, within a reportedFull rule's minutes, open its alert (RVM_REPORT_ALERT_COUNT). */
  reportAlertCount?: number;
}

/** The reports that open a reportedFull alert unless the deployment says otherwise. */
export const DEFAULT_REPORT_ALERT_COUNT = 3;

interface Found {
  subject: string;
  machineId: string | null;
  district: string | null;
  /** When the condition began, when the data says so (a report time); null: from when it is first seen. */
  since: string | null;
  /** The alert opens as soon as the condition is seen (reportedFull: the rule's minutes are a window, not a wait). */
  now?: true;
}

const inMaintenance = (machine: WatchedMachine): boolean => machine.under_maintenance || machine.service_status === 1;

/** The map shows the machine with room: not full, not at 5% or less, not in maintenance. */
const shownWithRoom = (machine: WatchedMachine): boolean =>
  machine.status !== 'Full' && machine.status !== '<=5%' && !inMaintenance(machine);

/**
 * The first of `count` report times (oldest first) that fall within `windowMs` of each other, the last of them within
 * `windowMs` of now: a burst that ended long ago opens nothing.
 */
export function reportBurst(times: readonly string[], count: number, windowMs: number, nowMs: number): string | null {
  for (let first = 0; first + count - 1 < times.length; first++) {
    const last = Date.parse(times[first + count - 1]!);
    if (last - Date.parse(times[first]!) <= windowMs && nowMs - last <= windowMs) return times[first]!;
  }
  return null;
}

/**
 * reportedFull: enough open reports of a machine full within the rule's minutes while the map shows it with room. An
 * alert open already stays while that many of the reports it opened on (made since it began) stay open.
 */
function reportedFull(
  rule: AlertRule,
  machine: WatchedMachine,
  observed: Observed,
  nowMs: number,
  current: Alert | undefined,
): { since: string | null; now: true } | null {
  if (!shownWithRoom(machine)) return null;
  const times = observed.fullReports?.get(machine.id) ?? [];
  const count = observed.reportAlertCount ?? DEFAULT_REPORT_ALERT_COUNT;
  if (current) return times.filter((time) => time >= current.since).length >= count ? { since: null, now: true } : null;
  const since = reportBurst(times, count, rule.minutes * MS_PER_MINUTE, nowMs);
  return since === null ? null : { since, now: true };
}

/** Whether `machine` meets a machine rule's condition now, and since when if the data tells. */
function machineCondition(
  rule: AlertRule,
  machine: WatchedMachine,
  nowMs: number,
  observed: Observed,
  current: Alert | undefined,
): { since: string | null; now?: true } | null {
  switch (rule.kind) {
    case 'reportedFull':
      return reportedFull(rule, machine, observed, nowMs, current);
    case 'machineFull':
      // A machine in maintenance shows as such, whatever its status: the maintenance rule watches it.
      return machine.status === 'Full' && !inMaintenance(machine) ? { since: null } : null;
    case 'maintenance':
      return inMaintenance(machine) ? { since: null } : null;
    case 'notReporting': {
      // A machine that never reported (no report time: a feed without them, the demo data) is not watched.
      const last = machine.last_online === null ? Number.NaN : Date.parse(machine.last_online);
      if (Number.isNaN(last) || nowMs - last < rule.minutes * MS_PER_MINUTE) return null;
      return { since: new Date(last).toISOString() };
    }
    case 'feedFailing':
      return null;
  }
}

/** The subjects that meet the rule's condition now. */
function findSubjects(
  rule: AlertRule,
  observed: Observed,
  nowMs: number,
  current: ReadonlyMap<string, Alert>,
): Found[] {
  if (rule.kind === 'feedFailing') {
    return observed.feed?.failing ? [{ subject: 'feed', machineId: null, district: null, since: null }] : [];
  }
  const found: Found[] = [];
  for (const machine of observed.machines) {
    if (machine.deactivated || (rule.district !== null && machine.district !== rule.district)) continue;
    const subject = `machine:${machine.id}`;
    const condition = machineCondition(rule, machine, nowMs, observed, current.get(`${rule.id} ${subject}`));
    if (condition) {
      found.push({ subject, machineId: machine.id, district: machine.district, ...condition });
    }
  }
  return found;
}

/**
 * What the rules make of what is seen now, given the alerts not closed: a condition first seen is watched (and
 * opened at once when its report time says it has lasted long enough), a watched one that has lasted the rule's
 * minutes opens, an open one whose condition is gone closes, a watched one whose condition is gone is forgotten.
 * Disabled rules watch nothing: their alerts are closed when the rule is changed.
 */
export function evaluateRules(
  rules: readonly AlertRule[],
  observed: Observed,
  current: readonly Alert[],
  now: Date,
): AlertChanges {
  const nowMs = now.getTime();
  const changes: AlertChanges = { watch: [], open: [], close: [], forget: [] };
  const byKey = new Map(current.map((alert) => [`${alert.ruleId} ${alert.subject}`, alert]));
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const lastsMs = rule.minutes * MS_PER_MINUTE;
    for (const found of findSubjects(rule, observed, nowMs, byKey)) {
      const key = `${rule.id} ${found.subject}`;
      seen.add(key);
      const alert = byKey.get(key);
      if (alert) {
        if (alert.openedAt === null && (found.now || nowMs - Date.parse(alert.since) >= lastsMs)) {
          changes.open.push(alert.id);
        }
        continue;
      }
      const since = found.since ?? now.toISOString();
      const watched: NewAlert = {
        ruleId: rule.id,
        kind: rule.kind,
        subject: found.subject,
        machineId: found.machineId,
        district: found.district,
        minutes: rule.minutes,
        since,
        open: found.now === true || nowMs - Date.parse(since) >= lastsMs,
      };
      changes.watch.push(watched);
    }
  }
  for (const alert of current) {
    if (seen.has(`${alert.ruleId} ${alert.subject}`)) continue;
    (alert.openedAt === null ? changes.forget : changes.close).push(alert.id);
  }
  return changes;
}
