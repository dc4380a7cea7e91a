import { randomUUID } from 'node:crypto';
import type { District } from '../../../shared/contract/machine';
import type { Alert, AlertChanges, AlertEvent } from '../../alerts/alert';
import type { AlertKind, AlertRule, AlertRuleInput } from '../../alerts/alertRule';
import {
  countsByKind,
  type AlertStore,
  type AttemptOutcome,
  type Delivery,
  type DeliveryState,
  type DueDelivery,
  type EventBody,
  PRUNE_ALERTS_SQL,
  PRUNE_DELIVERIES_SQL,
  type PrunedAlerts,
  type Webhook,
  type WebhookInput,
} from '../alertStore';
import type { Db } from './open';

interface RuleRow {
  id: number;
  kind: string;
  minutes: number;
  district: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

interface AlertRow {
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

interface WebhookRow {
  id: number;
  url: string;
  description: string;
  enabled: number;
  created_at: string;
}

interface DeliveryRow {
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

const RULE_COLUMNS = 'id, kind, minutes, district, enabled, created_at, updated_at';
const ALERT_COLUMNS = 'id, rule_id, kind, subject, machine_id, district, minutes, since, opened_at, closed_at';
const WEBHOOK_COLUMNS = 'id, url, description, enabled, created_at';
const DELIVERY_COLUMNS = `id, webhook_id, alert_id, event, state, attempts, next_attempt_at, last_status, last_error,
  created_at, delivered_at`;

const toRule = (row: RuleRow): AlertRule => ({
  id: row.id,
  kind: row.kind as AlertKind,
  minutes: row.minutes,
  district: row.district as District | null,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toAlert = (row: AlertRow): Alert => ({
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

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
});

const toDelivery = (row: DeliveryRow): Delivery => ({
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

/** SQLite's alerts: every write one IMMEDIATE transaction. */
export class SqliteAlertStore implements AlertStore {
  constructor(private readonly db: Db) {}

  async listRules(): Promise<AlertRule[]> {
    return (this.db.prepare(`SELECT ${RULE_COLUMNS} FROM alert_rules ORDER BY id`).all() as RuleRow[]).map(toRule);
  }

  async addRule(input: AlertRuleInput, at: string): Promise<AlertRule> {
    const row = this.db
      .prepare(
        `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING ${RULE_COLUMNS}`,
      )
      .get(input.kind, input.minutes, input.district, input.enabled ? 1 : 0, at, at) as RuleRow;
    return toRule(row);
  }

  async updateRule(id: number, input: AlertRuleInput, at: string, body: EventBody): Promise<AlertRule | null> {
    return this.db
      .transaction(() => {
        const row = this.db
          .prepare(
            `UPDATE alert_rules SET kind = ?, minutes = ?, district = ?, enabled = ?, updated_at = ? WHERE id = ?
             RETURNING ${RULE_COLUMNS}`,
          )
          .get(input.kind, input.minutes, input.district, input.enabled ? 1 : 0, at, id) as RuleRow | undefined;
        if (!row) return null;
        this.retire(id, at, body);
        return toRule(row);
      })
      .immediate();
  }

  async deleteRule(id: number, at: string, body: EventBody): Promise<boolean> {
    return this.db
      .transaction(() => {
        this.retire(id, at, body);
        return this.db.prepare('DELETE FROM alert_rules WHERE id = ?').run(id).changes === 1;
      })
      .immediate();
  }

  /** A rule's alerts not closed: watched ones forgotten, open ones closed with their event. */
  private retire(ruleId: number, at: string, body: EventBody): void {
    const current = this.db
      .prepare(`SELECT id, opened_at FROM alerts WHERE rule_id = ? AND closed_at IS NULL`)
      .all(ruleId) as { id: number; opened_at: string | null }[];
    this.write(
      {
        watch: [],
        open: [],
        close: current.filter((alert) => alert.opened_at !== null).map((alert) => alert.id),
        forget: current.filter((alert) => alert.opened_at === null).map((alert) => alert.id),
      },
      at,
      body,
    );
  }

  async currentAlerts(): Promise<Alert[]> {
    const rows = this.db.prepare(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE closed_at IS NULL ORDER BY id`).all();
    return (rows as AlertRow[]).map(toAlert);
  }

  async closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]> {
    const rows = this.db
      .prepare(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE closed_at IS NOT NULL AND id < ? ORDER BY id DESC LIMIT ?`)
      .all(beforeId ?? Number.MAX_SAFE_INTEGER, limit);
    return (rows as AlertRow[]).map(toAlert);
  }

  async applyChanges(changes: AlertChanges, at: string, body: EventBody): Promise<void> {
    this.db.transaction(() => this.write(changes, at, body)).immediate();
  }

  /** Writes the changes in the caller's transaction; an alert another writer changed first is left as it is. */
  private write(changes: AlertChanges, at: string, body: EventBody): void {
    const hooks = this.db.prepare('SELECT id FROM webhooks WHERE enabled = 1').all() as { id: number }[];
    const queue = (alert: AlertRow, event: AlertEvent): void => {
      for (const hook of hooks) {
        const id = randomUUID();
        this.db
          .prepare(
            `INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, next_attempt_at, created_at)
             VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
          )
          .run(id, hook.id, alert.id, event, body(id, event, toAlert(alert)), at, at);
      }
    };
    const watch = this.db.prepare(
      `INSERT INTO alerts (rule_id, kind, subject, machine_id, district, minutes, since, opened_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${ALERT_COLUMNS}`,
    );
    for (const alert of changes.watch) {
      const row = watch.get(
        alert.ruleId,
        alert.kind,
        alert.subject,
        alert.machineId,
        alert.district,
        alert.minutes,
        alert.since,
        alert.open ? at : null,
      ) as AlertRow | undefined;
      if (row?.opened_at) queue(row, 'alert.opened');
    }
    const open = this.db.prepare(
      `UPDATE alerts SET opened_at = ? WHERE id = ? AND opened_at IS NULL AND closed_at IS NULL
       RETURNING ${ALERT_COLUMNS}`,
    );
    for (const id of changes.open) {
      const row = open.get(at, id) as AlertRow | undefined;
      if (row) queue(row, 'alert.opened');
    }
    const close = this.db.prepare(
      `UPDATE alerts SET closed_at = ? WHERE id = ? AND opened_at IS NOT NULL AND closed_at IS NULL
       RETURNING ${ALERT_COLUMNS}`,
    );
    for (const id of changes.close) {
      const row = close.get(at, id) as AlertRow | undefined;
      if (row) queue(row, 'alert.closed');
    }
    const forget = this.db.prepare('DELETE FROM alerts WHERE id = ? AND opened_at IS NULL');
    for (const id of changes.forget) forget.run(id);
  }

  async countOpen(): Promise<Record<AlertKind, number>> {
    const rows = this.db
      .prepare(
        'SELECT kind, count(*) AS open FROM alerts WHERE closed_at IS NULL AND opened_at IS NOT NULL GROUP BY kind',
      )
      .all() as { kind: AlertKind; open: number }[];
    return countsByKind(rows);
  }

  async listWebhooks(): Promise<Webhook[]> {
    const rows = this.db.prepare(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`).all() as WebhookRow[];
    return rows.map(toWebhook);
  }

  async addWebhook(input: WebhookInput, secret: string, at: string): Promise<Webhook> {
    const row = this.db
      .prepare(
        `INSERT INTO webhooks (url, secret, description, enabled, created_at) VALUES (?, ?, ?, ?, ?)
         RETURNING ${WEBHOOK_COLUMNS}`,
      )
      .get(input.url, secret, input.description, input.enabled ? 1 : 0, at) as WebhookRow;
    return toWebhook(row);
  }

  async updateWebhook(id: number, input: WebhookInput, secret: string | null): Promise<Webhook | null> {
    const row = this.db
      .prepare(
        `UPDATE webhooks SET url = ?, description = ?, enabled = ?, secret = coalesce(?, secret) WHERE id = ?
         RETURNING ${WEBHOOK_COLUMNS}`,
      )
      .get(input.url, input.description, input.enabled ? 1 : 0, secret, id) as WebhookRow | undefined;
    return row ? toWebhook(row) : null;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    return this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id).changes === 1;
  }

  async deliveries(webhookId: number | null, limit: number): Promise<Delivery[]> {
    const rows = this.db
      .prepare(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE (? IS NULL OR webhook_id = ?)
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(webhookId, webhookId, limit) as DeliveryRow[];
    return rows.map(toDelivery);
  }

  async dueDeliveries(at: string, limit: number): Promise<DueDelivery[]> {
    const rows = this.db
      .prepare(
        `SELECT d.id, d.attempts, d.event, d.body, w.url, w.secret FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.state = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.rowid LIMIT ?`,
      )
      .all(at, limit) as (DueDelivery & { event: string })[];
    return rows.map((row) => ({ ...row, event: row.event as AlertEvent }));
  }

  async claimDelivery(id: string, attempts: number, retryAt: string): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?
         WHERE id = ? AND attempts = ? AND state = 'pending'`,
      )
      .run(retryAt, id, attempts);
    return changes === 1;
  }

  async recordAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET state = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
           delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
         WHERE id = ?`,
      )
      .run(outcome.state, outcome.nextAttemptAt, outcome.lastStatus, outcome.lastError, outcome.state, outcome.at, id);
  }

  async prune(cutoff: string): Promise<PrunedAlerts> {
    return this.db
      .transaction(() => ({
        deliveries: this.db.prepare(PRUNE_DELIVERIES_SQL('?')).run(cutoff).changes,
        alerts: this.db.prepare(PRUNE_ALERTS_SQL('?')).run(cutoff).changes,
      }))
      .immediate();
  }
}
