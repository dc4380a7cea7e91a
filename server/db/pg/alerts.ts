import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Alert, AlertChanges, AlertEvent } from '../../alerts/alert';
import type { AlertKind, AlertRule, AlertRuleInput } from '../../alerts/alertRule';
import * as rec from '../alertRecord';
import type * as store from '../alertStore';
import { inTransaction, type Queryable } from './pool';

/**
 * PostgreSQL's alerts. No write lock (data_version): alerts are not part of the machine list. Two instances writing
 * the same change (a lease changing hands mid-evaluation) cannot open or close an alert twice: the unique index and
 * the conditional updates let one of them through, and only that one queues the event.
 */
export class PgAlertStore implements store.AlertStore {
  constructor(private readonly pool: pg.Pool) {}

  async listRules(): Promise<AlertRule[]> {
    const { rows } = await this.pool.query<rec.RuleRow>(`SELECT ${rec.RULE_COLUMNS} FROM alert_rules ORDER BY id`);
    return rows.map(rec.toRule);
  }

  async addRule(input: AlertRuleInput, at: string): Promise<AlertRule> {
    const { rows } = await this.pool.query<rec.RuleRow>(
      `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${rec.RULE_COLUMNS}`,
      [input.kind, input.minutes, input.district, input.enabled, at],
    );
    return rec.toRule(rows[0]!);
  }

  async updateRule(id: number, input: AlertRuleInput, at: string, body: store.EventBody): Promise<AlertRule | null> {
    return inTransaction(this.pool, {}, async (client) => {
      const { rows } = await client.query<rec.RuleRow>(
        `UPDATE alert_rules SET kind = $1, minutes = $2, district = $3, enabled = $4, updated_at = $5 WHERE id = $6
         RETURNING ${rec.RULE_COLUMNS}`,
        [input.kind, input.minutes, input.district, input.enabled, at, id],
      );
      if (!rows[0]) return null;
      await retire(client, id, at, body);
      return rec.toRule(rows[0]);
    });
  }

  async deleteRule(id: number, at: string, body: store.EventBody): Promise<boolean> {
    return inTransaction(this.pool, {}, async (client) => {
      await retire(client, id, at, body);
      const { rowCount } = await client.query('DELETE FROM alert_rules WHERE id = $1', [id]);
      return rowCount === 1;
    });
  }

  async currentAlerts(): Promise<Alert[]> {
    const { rows } = await this.pool.query<rec.AlertRow>(
      `SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NULL ORDER BY id`,
    );
    return rows.map(rec.toAlert);
  }

  async closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]> {
    const { rows } = await this.pool.query<rec.AlertRow>(
      `SELECT ${rec.ALERT_COLUMNS} FROM alerts WHERE closed_at IS NOT NULL AND ($1::integer IS NULL OR id < $1)
       ORDER BY id DESC LIMIT $2`,
      [beforeId, limit],
    );
    return rows.map(rec.toAlert);
  }

  async applyChanges(changes: AlertChanges, at: string, body: store.EventBody): Promise<void> {
    await inTransaction(this.pool, {}, (client) => write(client, changes, at, body));
  }

  async countOpen(): Promise<Record<AlertKind, number>> {
    const { rows } = await this.pool.query<{ kind: AlertKind; open: string }>(
      'SELECT kind, count(*) AS open FROM alerts WHERE closed_at IS NULL AND opened_at IS NOT NULL GROUP BY kind',
    );
    return rec.countsByKind(rows);
  }

  async listWebhooks(): Promise<store.Webhook[]> {
    const { rows } = await this.pool.query<rec.WebhookRow>(`SELECT ${rec.WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`);
    return rows.map(rec.toWebhook);
  }

  async addWebhook(input: store.WebhookInput, secret: string, at: string): Promise<store.Webhook> {
    const { rows } = await this.pool.query<rec.WebhookRow>(
      `INSERT INTO webhooks (url, secret, description, enabled, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${rec.WEBHOOK_COLUMNS}`,
      [input.url, secret, input.description, input.enabled, at],
    );
    return rec.toWebhook(rows[0]!);
  }

  async updateWebhook(id: number, input: store.WebhookInput, secret: string | null): Promise<store.Webhook | null> {
    const { rows } = await this.pool.query<rec.WebhookRow>(
      `UPDATE webhooks SET url = $1, description = $2, enabled = $3, secret = coalesce($4, secret) WHERE id = $5
       RETURNING ${rec.WEBHOOK_COLUMNS}`,
      [input.url, input.description, input.enabled, secret, id],
    );
    return rows[0] ? rec.toWebhook(rows[0]) : null;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM webhooks WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async deliveries(webhookId: number | null, limit: number): Promise<store.Delivery[]> {
    const { rows } = await this.pool.query<rec.DeliveryRow>(
      `SELECT ${rec.DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ($1::integer IS NULL OR webhook_id = $1)
       ORDER BY created_at DESC, id LIMIT $2`,
      [webhookId, limit],
    );
    return rows.map(rec.toDelivery);
  }

  async dueDeliveries(at: string, limit: number): Promise<store.DueDelivery[]> {
    const { rows } = await this.pool.query<rec.DueDeliveryRow>(rec.DUE_DELIVERIES_SQL('$1', '$2', 'created_at'), [
      at,
      limit,
    ]);
    return rows.map(rec.toDue);
  }

  async claimDelivery(id: string, attempts: number, retryAt: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = $1
       WHERE id = $2 AND attempts = $3 AND state = 'pending'`,
      [retryAt, id, attempts],
    );
    return rowCount === 1;
  }

  async recordAttempt(id: string, outcome: store.AttemptOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_deliveries SET state = $1, next_attempt_at = $2, last_status = $3, last_error = $4,
         delivered_at = CASE WHEN $1 = 'delivered' THEN $5 ELSE delivered_at END
       WHERE id = $6`,
      [outcome.state, outcome.nextAttemptAt, outcome.lastStatus, outcome.lastError, outcome.at, id],
    );
  }

  async prune(cutoff: string): Promise<store.PrunedAlerts> {
    return inTransaction(this.pool, {}, async (client) => ({
      deliveries: (await client.query(rec.PRUNE_DELIVERIES_SQL('$1'), [cutoff])).rowCount ?? 0,
      alerts: (await client.query(rec.PRUNE_ALERTS_SQL('$1'), [cutoff])).rowCount ?? 0,
    }));
  }
}

/** A rule's alerts not closed: watched ones forgotten, open ones closed with their event. */
async function retire(client: Queryable, ruleId: number, at: string, body: store.EventBody): Promise<void> {
  const { rows } = await client.query<{ id: number; opened_at: string | null }>(
    'SELECT id, opened_at FROM alerts WHERE rule_id = $1 AND closed_at IS NULL FOR UPDATE',
    [ruleId],
  );
  await write(client, rec.retireChanges(rows), at, body);
}

/** Writes the changes in the caller's transaction; an alert another writer changed first is left as it is. */
async function write(client: Queryable, changes: AlertChanges, at: string, body: store.EventBody): Promise<void> {
  const { rows: hooks } = await client.query<{ id: number }>('SELECT id FROM webhooks WHERE enabled');
  const queue = async (alert: rec.AlertRow, event: AlertEvent): Promise<void> => {
    for (const hook of hooks) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6)`,
        [id, hook.id, alert.id, event, body(id, event, rec.toAlert(alert)), at],
      );
    }
  };
  for (const alert of changes.watch) {
    const { rows } = await client.query<rec.AlertRow>(
      `INSERT INTO alerts (${rec.WATCH_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING RETURNING ${rec.ALERT_COLUMNS}`,
      rec.watchValues(alert, at),
    );
    if (rows[0]?.opened_at) await queue(rows[0], 'alert.opened');
  }
  for (const id of changes.open) {
    const { rows } = await client.query<rec.AlertRow>(
      `UPDATE alerts SET opened_at = $1 WHERE id = $2 AND opened_at IS NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
      [at, id],
    );
    if (rows[0]) await queue(rows[0], 'alert.opened');
  }
  for (const id of changes.close) {
    const { rows } = await client.query<rec.AlertRow>(
      `UPDATE alerts SET closed_at = $1 WHERE id = $2 AND opened_at IS NOT NULL AND closed_at IS NULL
       RETURNING ${rec.ALERT_COLUMNS}`,
      [at, id],
    );
    if (rows[0]) await queue(rows[0], 'alert.closed');
  }
  if (changes.forget.length > 0) {
    await client.query('DELETE FROM alerts WHERE id = ANY($1::integer[]) AND opened_at IS NULL', [changes.forget]);
  }
}
