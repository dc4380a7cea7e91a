import { randomUUID } from 'node:crypto';
import type { Alert, AlertChanges, AlertEvent } from '../../alerts/alert';
import type { AlertKind, AlertRule, AlertRuleInput } from '../../alerts/alertRule';
import * as rec from '../alertRecord';
import type * as store from '../alertStore';
import type { Executor } from '../executor';

/** The order deliveries made at one time keep: PostgreSQL's by id, SQLite's by when they were written (rowid). */
const SAME_TIME_ORDER = {
  postgres: { list: 'id', due: 'created_at' },
  sqlite: { list: 'rowid DESC', due: 'rowid' },
} as const;

/**
 * Alerts. No write lock: alerts are not part of the machine list. Two instances writing the same change (a lease
 * changing hands mid-evaluation) cannot open or close an alert twice: the unique index and the conditional updates
 * let one of them through, and only that one queues the event.
 */
export class AlertsSql implements store.AlertStore {
  constructor(private readonly db: Executor) {}

  async listRules(): Promise<AlertRule[]> {
    const rows = await this.db.all<rec.RuleRow>(`SELECT ${rec.RULE_COLUMNS} FROM alert_rules ORDER BY id`);
    return rows.map(rec.toRule);
  }

  async addRule(input: AlertRuleInput, at: string): Promise<AlertRule> {
    const row = await this.db.get<rec.RuleRow>(
      `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING ${rec.RULE_COLUMNS}`,
      [input.kind, input.minutes, input.district, input.enabled, at, at],
    );
    return rec.toRule(row!);
  }

  updateRule(id: number, input: AlertRuleInput, at: string, body: store.EventBody): Promise<AlertRule | null> {
    return this.db.transaction(async (tx) => {
      const row = await tx.get<rec.RuleRow>(
        `UPDATE alert_rules SET kind = ?, minutes = ?, district = ?, enabled = ?, updated_at = ? WHERE id = ?
         RETURNING ${rec.RULE_COLUMNS}`,
        [input.kind, input.minutes, input.district, input.enabled, at, id],
      );
      if (!row) return null;
      await retire(tx, id, at, body);
      return rec.toRule(row);
    });
  }

  deleteRule(id: number, at: string, body: store.EventBody): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await retire(tx, id, at, body);
      return (await tx.run('DELETE FROM alert_rules WHERE id = ?', [id])) === 1;
    });
  }

  async currentAlerts(): Promise<Alert[]> {
    const rows = await this.db.all<rec.AlertRow>(
      `SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NULL ORDER BY id`,
    );
    return rows.map(rec.toAlert);
  }

  async closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]> {
    const rows = await this.db.all<rec.AlertRow>(
      `SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NOT NULL AND (CAST(? AS integer) IS NULL OR id < ?)
       ORDER BY id DESC LIMIT ?`,
      [beforeId, beforeId, limit],
    );
    return rows.map(rec.toAlert);
  }

  async applyChanges(changes: AlertChanges, at: string, body: store.EventBody): Promise<void> {
    await this.db.transaction((tx) => write(tx, changes, at, body));
  }

  async countOpen(): Promise<Record<AlertKind, number>> {
    const rows = await this.db.all<{ kind: AlertKind; open: number }>(
      'SELECT kind, count(*) AS open FROM alerts WHERE closed_at IS NULL AND opened_at IS NOT NULL GROUP BY kind',
    );
    return rec.countsByKind(rows);
  }

  async listWebhooks(): Promise<store.Webhook[]> {
    const rows = await this.db.all<rec.WebhookRow>(`SELECT ${rec.WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`);
    return rows.map(rec.toWebhook);
  }

  async addWebhook(input: store.WebhookInput, secret: string, at: string): Promise<store.Webhook> {
    const row = await this.db.get<rec.WebhookRow>(
      `INSERT INTO webhooks (url, secret, description, enabled, created_at) VALUES (?, ?, ?, ?, ?)
       RETURNING ${rec.WEBHOOK_COLUMNS}`,
      [input.url, secret, input.description, input.enabled, at],
    );
    return rec.toWebhook(row!);
  }

  async updateWebhook(id: number, input: store.WebhookInput, secret: string | null): Promise<store.Webhook | null> {
    const row = await this.db.get<rec.WebhookRow>(
      `UPDATE webhooks SET url = ?, description = ?, enabled = ?, secret = coalesce(?, secret) WHERE id = ?
       RETURNING ${rec.WEBHOOK_COLUMNS}`,
      [input.url, input.description, input.enabled, secret, id],
    );
    return row ? rec.toWebhook(row) : null;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM webhooks WHERE id = ?', [id])) === 1;
  }

  async deliveries(webhookId: number | null, limit: number): Promise<store.Delivery[]> {
    const rows = await this.db.all<rec.DeliveryRow>(
      `SELECT ${rec.DELIVERY_COLUMNS} FROM webhook_deliveries WHERE (CAST(? AS integer) IS NULL OR webhook_id = ?)
       ORDER BY created_at DESC, ${SAME_TIME_ORDER[this.db.dialect].list} LIMIT ?`,
      [webhookId, webhookId, limit],
    );
    return rows.map(rec.toDelivery);
  }

  async dueDeliveries(at: string, limit: number): Promise<store.DueDelivery[]> {
    const sql = rec.DUE_DELIVERIES_SQL('?', '?', SAME_TIME_ORDER[this.db.dialect].due);
    return (await this.db.all<rec.DueDeliveryRow>(sql, [at, limit])).map(rec.toDue);
  }

  async claimDelivery(id: string, attempts: number, retryAt: string): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?
       WHERE id = ? AND attempts = ? AND state = 'pending'`,
      [retryAt, id, attempts],
    );
    return changed === 1;
  }

  async recordAttempt(id: string, outcome: store.AttemptOutcome): Promise<void> {
    await this.db.run(
      `UPDATE webhook_deliveries SET state = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
         delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
       WHERE id = ?`,
      [outcome.state, outcome.nextAttemptAt, outcome.lastStatus, outcome.lastError, outcome.state, outcome.at, id],
    );
  }

  prune(cutoff: string): Promise<store.PrunedAlerts> {
    return this.db.transaction(async (tx) => ({
      deliveries: await tx.run(rec.PRUNE_DELIVERIES_SQL('?'), [cutoff]),
      alerts: await tx.run(rec.PRUNE_ALERTS_SQL('?'), [cutoff]),
    }));
  }
}

/** A rule's alerts not closed: watched ones forgotten, open ones closed with their event. */
async function retire(tx: Executor, ruleId: number, at: string, body: store.EventBody): Promise<void> {
  const rows = await tx.all<{ id: number; opened_at: string | null }>(
    `SELECT id, opened_at FROM alerts WHERE rule_id = ? AND closed_at IS NULL${tx.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
    [ruleId],
  );
  await write(tx, rec.retireChanges(rows), at, body);
}

/** Writes the changes in the caller's transaction; an alert another writer changed first is left as it is. */
async function write(tx: Executor, changes: AlertChanges, at: string, body: store.EventBody): Promise<void> {
  const hooks = await tx.all<{ id: number }>('SELECT id FROM webhooks WHERE enabled');
  const queue = async (alert: rec.AlertRow | undefined, event: AlertEvent): Promise<void> => {
    if (!alert) return;
    for (const hook of hooks) {
      const id = randomUUID();
      await tx.run(
        `INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
        [id, hook.id, alert.id, event, body(id, event, rec.toAlert(alert)), at, at],
      );
    }
  };
  for (const alert of changes.watch) {
    const row = await tx.get<rec.AlertRow>(
      `INSERT INTO alerts (${rec.WATCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING ${rec.ALERT_COLUMNS}`,
      rec.watchValues(alert, at),
    );
    if (row?.opened_at) await queue(row, 'alert.opened');
  }
  for (const id of changes.open) {
    const row = await tx.get<rec.AlertRow>(
      `UPDATE alerts SET opened_at = ? WHERE id = ? AND opened_at IS NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
      [at, id],
    );
    await queue(row, 'alert.opened');
  }
  for (const id of changes.close) {
    const row = await tx.get<rec.AlertRow>(
      `UPDATE alerts SET closed_at = ? WHERE id = ? AND opened_at IS NOT NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
      [at, id],
    );
    await queue(row, 'alert.closed');
  }
  for (const id of changes.forget) await tx.run('DELETE FROM alerts WHERE id = ? AND opened_at IS NULL', [id]);
}
