import type { Call } from '../../api/client';
import { ALERT_HISTORY_ANSWER_SCHEMA, type Alert } from '../../../shared/contract/alert';
import {
  ALERT_KINDS,
  ALERT_RULES_ANSWER_SCHEMA,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
} from '../../../shared/contract/alertRule';
import { DELIVERIES_ANSWER_SCHEMA, type Delivery } from '../../../shared/contract/delivery';
import { WEBHOOK_ANSWER_SCHEMA, WEBHOOKS_ANSWER_SCHEMA, type Webhook } from '../../../shared/contract/webhook';
import { readAnswer } from '../readAnswer';

/** The console's side of the alert routes (server/routes/alerts.ts, alertRules.ts, webhooks.ts). */

export { ALERT_KINDS, type Alert, type AlertKind, type AlertRule, type AlertRuleInput, type Delivery, type Webhook };

/**
 * A rule's wait as a person sets it: hours for maintenance (the "longer than N hours"), minutes for the
 * rest. The server keeps minutes.
 */
export const usesHours = (kind: AlertKind): boolean => kind === 'maintenance';
export const amountOf = (rule: Pick<AlertRule, 'kind' | 'minutes'>): number =>
  usesHours(rule.kind) ? rule.minutes / 60 : rule.minutes;
export const minutesOf = (kind: AlertKind, amount: number): number => (usesHours(kind) ? amount * 60 : amount);

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;
const change = (method: 'POST' | 'PATCH' | 'DELETE') => ({ method, not_blocking: true, throw_error: true }) as const;

/** A page of closed alerts, newest first, and where the next begins (null at the oldest). */
export async function fetchAlertHistory(
  call: Call,
  before: string | null,
  limit: number,
): Promise<{ alerts: Alert[]; next: string | null }> {
  const query = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) });
  const body = await call(`operator/alerts/history?${query.toString()}`, undefined, GET);
  const { alerts, next } = readAnswer(ALERT_HISTORY_ANSWER_SCHEMA, body);
  return { alerts, next };
}

export async function fetchRules(call: Call): Promise<AlertRule[]> {
  return readAnswer(ALERT_RULES_ANSWER_SCHEMA, await call('operator/alert-rules', undefined, GET)).rules;
}

export async function saveRule(call: Call, id: number | null, input: AlertRuleInput): Promise<void> {
  const body: AlertRuleInput = { ...input, district: input.kind === 'feedFailing' ? null : input.district };
  if (id === null) await call('operator/alert-rules', body, change('POST'));
  else await call(`operator/alert-rules/${id}`, body, change('PATCH'));
}

export async function deleteRule(call: Call, id: number): Promise<void> {
  await call(`operator/alert-rules/${id}`, undefined, change('DELETE'));
}

export async function fetchWebhooks(call: Call): Promise<Webhook[]> {
  return readAnswer(WEBHOOKS_ANSWER_SCHEMA, await call('operator/webhooks', undefined, GET)).webhooks;
}

/** Registers a webhook; answers the secret the server made, shown to the admin this once. */
export async function addWebhook(call: Call, url: string, description: string): Promise<string | null> {
  const body = await call('operator/webhooks', { url, description }, change('POST'));
  return readAnswer(WEBHOOK_ANSWER_SCHEMA, body).secret ?? null;
}

export async function setWebhookEnabled(call: Call, id: number, enabled: boolean): Promise<void> {
  await call(`operator/webhooks/${id}`, { enabled }, change('PATCH'));
}

export async function deleteWebhook(call: Call, id: number): Promise<void> {
  await call(`operator/webhooks/${id}`, undefined, change('DELETE'));
}

export async function fetchDeliveries(call: Call, webhookId: number): Promise<Delivery[]> {
  const body = await call(`operator/webhooks/${webhookId}/deliveries`, undefined, GET);
  return readAnswer(DELIVERIES_ANSWER_SCHEMA, body).deliveries;
}
