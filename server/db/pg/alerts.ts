import { randomUUID } from 'node:crypto';
import type pg from 'pg';
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
import { inTransaction, type Queryable } from './pool';

interface RuleRow {
  id: number;
  kind: string;
  minutes: number;
  district: string | null;
  enabled: boolean;
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
  enabled: boolean;
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
  enabled: row.enabled,
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
  enabled: row.enabled,
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

/**
 * PostgreSQL's alerts. No write lock (data_version): alerts are not part of the machine list. Two instances writing
 * the same change (a lease changing hands mid-evaluation) cannot open or close an alert twice: the unique index and
 * the conditional updates let one of them through, and only that one queues the event.
 */
export class PgAlertStore implements AlertStore {
  constructor(private readonly pool: pg.Pool) {}

  async listRules(): Promise<AlertRule[]> {
    const { rows } = await this.pool.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM alert_rules ORDER BY id`);
    return rows.map(toRule);
  }

  async addRule(input: AlertRuleInput, at: string): Promise<AlertRule> {
    const { rows } = await this.pool.query<RuleRow>(
      `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${RULE_COLUMNS}`,
      [input.kind, input.minutes, input.district, input.enabled, at],
    );
    return toRule(rows[0]!);
  }

  async updateRule(id: number, input: AlertRuleInput, at: string, body: EventBody): Promise<AlertRule | null> {
    return inTransaction(this.pool, {}, async (client) => {
      const { rows } = await client.query<RuleRow>(
        `UPDATE alert_rules SET kind = $1, minutes = $2, district = $3, enabled = $4, updated_at = $5 WHERE id = $6
         RETURNING ${RULE_COLUMNS}`,
        [input.kind, input.minutes, input.district, input.enabled, at, id],
      );
      if (!rows[0]) return null;
      await retire(client, id, at, body);
      return toRule(rows[0]);
    });
  }

  async deleteRule(id: number, at: string, body: EventBody): Promise<boolean> {
    return inTransaction(this.pool, {}, async (client) => {
      await retire(client, id, at, body);
      const { rowCount } = await client.query('DELETE FROM alert_rules WHERE id = $1', [id]);
      return rowCount === 1;
    });
  }

  async currentAlerts(): Promise<Alert[]> {
    const { rows } = await this.pool.query<AlertRow>(
      `SELECT ${ALERT_COLUMNS} FROM alerts WHERE closed_at IS NULL ORDER BY id`,
    );
    return rows.map(toAlert);
  }

  async closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]> {
    const { rows } = await this.pool.query<AlertRow>(
      `SELECT ${ALERT_COLUMNS} FROM alerts WHERE closed_at IS NOT NULL AND ($1::integer IS NULL OR id < $1)
       ORDER BY id DESC LIMIT $2`,
      [beforeId, limit],
    );
    return rows.map(toAlert);
  }

  async applyChanges(changes: AlertChanges, at: string, body: EventBody): Promise<void> {
    await inTransaction(this.pool, {}, (client) => write(client, changes, at, body));
  }

  async countOpen(): Promise<Record<AlertKind, number>> {
    const { rows } = await this.pool.query<{ kind: AlertKind; open: string }>(
      'SELECT kind, count(*) AS open FROM alerts WHERE closed_at IS NULL AND opened_at IS NOT NULL GROUP BY kind',
    );
    return countsByKind(rows);
  }

  async listWebhooks(): Promise<Webhook[]> {
    const { rows } = await this.pool.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id`);
    return rows.map(toWebhook);
  }

  async addWebhook(input: WebhookInput, secret: string, at: string): Promise<Webhook> {
    const { rows } = await this.pool.query<WebhookRow>(
      `INSERT INTO webhooks (url, secret, description, enabled, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${WEBHOOK_COLUMNS}`,
      [input.url, secret, input.description, input.enabled, at],
    );
    return toWebhook(rows[0]!);
  }

  async updateWebhook(id: number, input: WebhookInput, secret: string | null): Promise<Webhook | null> {
    const { rows } = await this.pool.query<WebhookRow>(
      `UPDATE webhooks SET url = $1, description = $2, enabled = $3, secret = coalesce($4, secret) WHERE id = $5
       RETURNING ${WEBHOOK_COLUMNS}`,
      [input.url, input.description, input.enabled, secret, id],
    );
    return rows[0] ? toWebhook(rows[0]) : null;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM webhooks WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async deliveries(webhookId: number | null, limit: number): Promise<Delivery[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ($1::integer IS NULL OR webhook_id = $1)
       ORDER BY created_at DESC, id LIMIT $2`,
      [webhookId, limit],
    );
    return rows.map(toDelivery);
  }

  async dueDeliveries(at: string, limit: number): Promise<DueDelivery[]> {
    const { rows } = await this.pool.query<DueDelivery & { event: string }>(
      `SELECT d.id, d.attempts, d.event, d.body, w.url, w.secret FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.state = 'pending' AND d.next_attempt_at <= $1 ORDER BY d.next_attempt_at, d.created_at LIMIT $2`,
      [at, limit],
    );
    return rows.map((row) => ({ ...row, event: row.event as AlertEvent }));
  }

  async claimDelivery(id: string, attempts: number, retryAt: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = $1
       WHERE id = $2 AND attempts = $3 AND state = 'pending'`,
      [retryAt, id, attempts],
    );
    return rowCount === 1;
  }

  async recordAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE webhook_deliveries SET state = $1, next_attempt_at = $2, last_status = $3, last_error = $4,
         delivered_at = CASE WHEN $1 = 'delivered' THEN $5 ELSE delivered_at END
       WHERE id = $6`,
      [outcome.state, outcome.nextAttemptAt, outcome.lastStatus, outcome.lastError, outcome.at, id],
    );
  }

  async prune(cutoff: string): Promise<PrunedAlerts> {
    return inTransaction(this.pool, {}, async (client) => ({
      deliveries: (await client.query(PRUNE_DELIVERIES_SQL('$1'), [cutoff])).rowCount ?? 0,
      alerts: (await client.query(PRUNE_ALERTS_SQL('$1'), [cutoff])).rowCount ?? 0,
    }));
  }
}

/** A rule's alerts not closed: watched ones forgotten, open ones closed with their event. */
async function retire(client: Queryable, ruleId: number, at: string, body: EventBody): Promise<void> {
  const { rows } = await client.query<{ id: number; opened_at: string | null }>(
    'SELECT id, opened_at FROM alerts WHERE rule_id = $1 AND closed_at IS NULL FOR UPDATE',
    [ruleId],
  );
  const changes: AlertChanges = {
    watch: [],
    open: [],
    close: rows.filter((alert) => alert.opened_at !== null).map((alert) => alert.id),
    forget: rows.filter((alert) => alert.opened_at === null).map((alert) => alert.id),
  };
  await write(client, changes, at, body);
}

/** Writes the changes in the caller's transaction; an alert another writer changed first is left as it is. */
async function write(client: Queryable, changes: AlertChanges, at: string, body: EventBody): Promise<void> {
  const { rows: hooks } = await client.query<{ id: number }>('SELECT id FROM webhooks WHERE enabled');
  const queue = async (alert: AlertRow, event: AlertEvent): Promise<void> => {
    for (const hook of hooks) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $6)`,
        [id, hook.id, alert.id, event, body(id, event, toAlert(alert)), at],
      );
    }
  };
  for (const alert of changes.watch) {
    const { rows } = await client.query<AlertRow>(
      `INSERT INTO alerts (rule_id, kind, subject, machine_id, district, minutes, since, opened_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING ${ALERT_COLUMNS}`,
      [
        alert.ruleId,
        alert.kind,
        alert.subject,
        alert.machineId,
        alert.district,
        alert.minutes,
        alert.since,
        alert.open ? at : null,
      ],
    );
    if (rows[0]?.opened_at) await queue(rows[0], 'alert.opened');
  }
  for (const id of changes.open) {
    const { rows } = await client.query<AlertRow>(
      `UPDATE alerts SET opened_at = $1 WHERE id = $2 AND opened_at IS NULL AND closed_at IS NULL
       RETURNING ${ALERT_COLUMNS}`,
      [at, id],
    );
    if (rows[0]) await queue(rows[0], 'alert.opened');
  }
  for (const id of changes.close) {
    const { rows } = await client.query<AlertRow>(
      `UPDATE alerts SET closed_at = $1 WHERE id = $2 AND opened_at IS NOT NULL AND closed_at IS NULL
       RETURNING ${ALERT_COLUMNS}`,
      [at, id],
    );
    if (rows[0]) await queue(rows[0], 'alert.closed');
  }
  if (changes.forget.length > 0) {
    await client.query('DELETE FROM alerts WHERE id = ANY($1::integer[]) AND opened_at IS NULL', [changes.forget]);
  }
}
