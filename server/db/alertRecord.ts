import type { District } from '../../shared/contract/machine';
import type { Alert, AlertChanges, AlertEvent } from '../alerts/alert';
import { ALERT_KINDS, type AlertKind, type AlertRule } from '../alerts/alertRule';
import type { Delivery, DeliveryState, DueDelivery, Webhook } from './alertStore';
import { columnList, flag } from './table';
import { ALERT_RULES, ALERTS, WEBHOOK_DELIVERIES, WEBHOOKS } from './tables';

export const RULE_COLUMNS = columnList(ALERT_RULES);
export const ALERT_COLUMNS = columnList(ALERTS);
/** A webhook's secret is never read back but to send (`dueDeliveries`). */
export const WEBHOOK_COLUMNS = columnList(WEBHOOKS, ['secret']);
export const DELIVERY_COLUMNS = columnList(WEBHOOK_DELIVERIES, ['body']);

/** Rows as the engines return them: `enabled` is PostgreSQL's boolean or SQLite's 0 and 1. */
export interface RuleRow {
  id: number;
  kind: string;
  minutes: number;
  district: string | null;
  enabled: boolean | number;
  created_at: string;
  updated_at: string;
}

export interface AlertRow {
  id: number;
  rule_id: number | null;
  kind: string;
  subject: string;
  machine_id: string | null;
  district: string | null;
  minutes: number;
  since: string;
  opened_at: string | null;
  closed_at: string | null;
}

export interface WebhookRow {
  id: number;
  url: string;
  description: string;
  enabled: boolean | number;
  created_at: string;
}

export interface DeliveryRow {
  id: string;
  webhook_id: number;
  alert_id: number;
  event: string;
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export const toRule = (row: RuleRow): AlertRule => ({
  id: row.id,
  kind: row.kind as AlertKind,
  minutes: row.minutes,
  district: row.district as District | null,
  enabled: flag(row.enabled),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  ruleId: row.rule_id,
  kind: row.kind as AlertKind,
  subject: row.subject,
  machineId: row.machine_id,
  district: row.district,
  minutes: row.minutes,
  since: row.since,
  openedAt: row.opened_at,
  closedAt: row.closed_at,
});

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: flag(row.enabled),
  createdAt: row.created_at,
});

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  alertId: row.alert_id,
  event: row.event as AlertEvent,
  state: row.state as DeliveryState,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

/** The deliveries due, with what sending them needs (the secret too), oldest first; `?`/`$n` placeholders given. */
export const DUE_DELIVERIES_SQL = (at: string, limit: string, order: 'created_at' | 'rowid'): string =>
  `SELECT d.id, d.attempts, d.event, d.body, w.url, w.secret FROM webhook_deliveries d
   JOIN webhooks w ON w.id = d.webhook_id
   WHERE d.state = 'pending' AND d.next_attempt_at <= ${at} ORDER BY d.next_attempt_at, d.${order} LIMIT ${limit}`;
export type DueDeliveryRow = DueDelivery & { event: string };
export const toDue = (row: DueDeliveryRow): DueDelivery => ({ ...row, event: row.event as AlertEvent });

/** A watched alert's INSERT values after its eight columns' names (opened now when it opens at once). */
export const WATCH_COLUMNS = 'rule_id, kind, subject, machine_id, district, minutes, since, opened_at';
export const watchValues = (alert: AlertChanges['watch'][number], at: string): unknown[] => [
  alert.ruleId,
  alert.kind,
  alert.subject,
  alert.machineId,
  alert.district,
  alert.minutes,
  alert.since,
  alert.open ? at : null,
];

/** What retiring a rule does to its alerts not closed: watched ones forgotten, open ones closed with their event. */
export const retireChanges = (current: readonly { id: number; opened_at: string | null }[]): AlertChanges => ({
  watch: [],
  open: [],
  close: current.filter((alert) => alert.opened_at !== null).map((alert) => alert.id),
  forget: current.filter((alert) => alert.opened_at === null).map((alert) => alert.id),
});

/** Finished deliveries older than the cutoff ($1 / ?), as both engines delete them. */
export const PRUNE_DELIVERIES_SQL = (param: string): string =>
  `DELETE FROM webhook_deliveries WHERE state <> 'pending' AND created_at < ${param}`;
/** Closed alerts older than the cutoff without a pending delivery (their finished ones go with them: cascade). */
export const PRUNE_ALERTS_SQL = (param: string): string =>
  `DELETE FROM alerts WHERE closed_at IS NOT NULL AND closed_at < ${param}
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.alert_id = alerts.id AND d.state = 'pending')`;

/** Every kind's count, 0 for those with none. */
export function countsByKind(rows: readonly { kind: AlertKind; open: number | string }[]): Record<AlertKind, number> {
  const counts = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, 0])) as Record<AlertKind, number>;
  for (const row of rows) counts[row.kind] = Number(row.open);
  return counts;
}
