import { randomUUID } from 'node:crypto';
import type { Alert, AlertChanges, AlertEvent } from '../../alerts/alert';
import type { AlertKind, AlertRule, AlertRuleInput } from '../../alerts/alertRule';
import * as rec from '../alertRecord';
import type * as store from '../alertStore';
import type { Db } from './open';

/** SQLite's alerts: every write one IMMEDIATE transaction. */
export class SqliteAlertStore implements store.AlertStore {
  constructor(private readonly db: Db) {}

  async listRules(): Promise<AlertRule[]> {
    return (this.db.prepare(`SELECT ${rec.RULE_COLUMNS} FROM alert_rules ORDER BY id`).all() as rec.RuleRow[]).map(
      rec.toRule,
    );
  }

  async addRule(input: AlertRuleInput, at: string): Promise<AlertRule> {
    const row = this.db
      .prepare(
        `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING ${rec.RULE_COLUMNS}`,
      )
      .get(input.kind, input.minutes, input.district, input.enabled ? 1 : 0, at, at) as rec.RuleRow;
    return rec.toRule(row);
  }

  async updateRule(id: number, input: AlertRuleInput, at: string, body: store.EventBody): Promise<AlertRule | null> {
    return this.db
      .transaction(() => {
        const row = this.db
          .prepare(
            `UPDATE alert_rules SET kind = ?, minutes = ?, district = ?, enabled = ?, updated_at = ? WHERE id = ?
             RETURNING ${rec.RULE_COLUMNS}`,
          )
          .get(input.kind, input.minutes, input.district, input.enabled ? 1 : 0, at, id) as rec.RuleRow | undefined;
        if (!row) return null;
        this.retire(id, at, body);
        return rec.toRule(row);
      })
      .immediate();
  }

  async deleteRule(id: number, at: string, body: store.EventBody): Promise<boolean> {
    return this.db
      .transaction(() => {
        this.retire(id, at, body);
        return this.db.prepare('DELETE FROM alert_rules WHERE id = ?').run(id).changes === 1;
      })
      .immediate();
  }

  /** A rule's alerts not closed: watched ones forgotten, open ones closed with their event. */
  private retire(ruleId: number, at: string, body: store.EventBody): void {
    const current = this.db
      .prepare(`SELECT id, opened_at FROM alerts WHERE rule_id = ? AND closed_at IS NULL`)
      .all(ruleId) as { id: number; opened_at: string | null }[];
    this.write(rec.retireChanges(current), at, body);
  }

  async currentAlerts(): Promise<Alert[]> {
    const rows = this.db.prepare(`SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NULL ORDER BY id`).all();
    return (rows as rec.AlertRow[]).map(rec.toAlert);
  }

  async closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]> {
    const rows = this.db
      .prepare(
        `SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NOT NULL AND id < ? ORDER BY id DESC LIMIT ?`,
      )
      .all(beforeId ?? Number.MAX_SAFE_INTEGER, limit);
    return (rows as rec.AlertRow[]).map(rec.toAlert);
  }

  async applyChanges(changes: AlertChanges, at: string, body: store.EventBody): Promise<void> {
    this.db.transaction(() => this.write(changes, at, body)).immediate();
  }

  /** Writes the changes in the caller's transaction; an alert another writer changed first is left as it is. */
  private write(changes: AlertChanges, at: string, body: store.EventBody): void {
    const hooks = this.db.prepare('SELECT id FROM webhooks WHERE enabled = 1').all() as { id: number }[];
    const queue = (alert: rec.AlertRow, event: AlertEvent): void => {
      for (const hook of hooks) {
        const id = randomUUID();
        this.db
          .prepare(
            `INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, next_attempt_at, created_at)
             VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
          )
          .run(id, hook.id, alert.id, event, body(id, event, rec.toAlert(alert)), at, at);
      }
    };
    const watch = this.db.prepare(
      `INSERT INTO alerts (${rec.WATCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING ${rec.ALERT_COLUMNS}`,
    );
    for (const alert of changes.watch) {
      const row = watch.get(...rec.watchValues(alert, at)) as rec.AlertRow | undefined;
      if (row?.opened_at) queue(row, 'alert.opened');
    }
    const open = this.db.prepare(
      `UPDATE alerts SET opened_at = ? WHERE id = ? AND opened_at IS NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
    );
    for (const id of changes.open) {
      const row = open.get(at, id) as rec.AlertRow | undefined;
      if (row) queue(row, 'alert.opened');
    }
    const close = this.db.prepare(
      `UPDATE alerts SET closed_at = ? WHERE id = ? AND opened_at IS NOT NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
    );
    for (const id of changes.close) {
      const row = close.get(at, id) as rec.AlertRow | undefined;
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
    return rec.countsByKind(rows);
  }

  async listWebhooks(): Promise<store.Webhook[]> {
    const rows = this.db.prepare(`SELECT ${rec.WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`).all() as rec.WebhookRow[];
    return rows.map(rec.toWebhook);
  }

  async addWebhook(input: store.WebhookInput, secret: string, at: string): Promise<store.Webhook> {
    const row = this.db
      .prepare(
        `INSERT INTO webhooks (url, secret, description, enabled, created_at) VALUES (?, ?, ?, ?, ?)
         RETURNING ${rec.WEBHOOK_COLUMNS}`,
      )
      .get(input.url, secret, input.description, input.enabled ? 1 : 0, at) as rec.WebhookRow;
    return rec.toWebhook(row);
  }

  async updateWebhook(id: number, input: store.WebhookInput, secret: string | null): Promise<store.Webhook | null> {
    const row = this.db
      .prepare(
        `UPDATE webhooks SET url = ?, description = ?, enabled = ?, secret = coalesce(?, secret) WHERE id = ?
         RETURNING ${rec.WEBHOOK_COLUMNS}`,
      )
      .get(input.url, input.description, input.enabled ? 1 : 0, secret, id) as rec.WebhookRow | undefined;
    return row ? rec.toWebhook(row) : null;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    return this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id).changes === 1;
  }

  async deliveries(webhookId: number | null, limit: number): Promise<store.Delivery[]> {
    const rows = this.db
      .prepare(
        `SELECT ${rec.DELIVERY_COLUMNS} FROM webhook_deliveries WHERE (? IS NULL OR webhook_id = ?)
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(webhookId, webhookId, limit) as rec.DeliveryRow[];
    return rows.map(rec.toDelivery);
  }

  async dueDeliveries(at: string, limit: number): Promise<store.DueDelivery[]> {
    const rows = this.db.prepare(rec.DUE_DELIVERIES_SQL('?', '?', 'rowid')).all(at, limit) as rec.DueDeliveryRow[];
    return rows.map(rec.toDue);
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

  async recordAttempt(id: string, outcome: store.AttemptOutcome): Promise<void> {
    this.db
      .prepare(
        `UPDATE webhook_deliveries SET state = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
           delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
         WHERE id = ?`,
      )
      .run(outcome.state, outcome.nextAttemptAt, outcome.lastStatus, outcome.lastError, outcome.state, outcome.at, id);
  }

  async prune(cutoff: string): Promise<store.PrunedAlerts> {
    return this.db
      .transaction(() => ({
        deliveries: this.db.prepare(rec.PRUNE_DELIVERIES_SQL('?')).run(cutoff).changes,
        alerts: this.db.prepare(rec.PRUNE_ALERTS_SQL('?')).run(cutoff).changes,
      }))
      .immediate();
  }
}
