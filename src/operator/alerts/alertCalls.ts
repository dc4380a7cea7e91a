import type { Call } from '../../api/client';
import { isRecord } from '../../../shared/isRecord';

/** The console's side of the alert routes (server/routes/alerts.ts, alertRules.ts, webhooks.ts). */

export const ALERT_KINDS = ['machineFull', 'notReporting', 'maintenance', 'feedFailing'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface Alert {
  id: number;
  /** Null once its rule was deleted. */
  ruleId: number | null;
  kind: AlertKind;
  /** Null for the feed's alerts. */
  machineId: string | null;
  district: string | null;
  minutes: number;
  since: string;
  openedAt: string | null;
  closedAt: string | null;
}

export interface AlertRule {
  id: number;
  kind: AlertKind;
  minutes: number;
  district: string | null;
  enabled: boolean;
}

export type RuleInput = Omit<AlertRule, 'id'>;

export interface Webhook {
  id: number;
  url: string;
  description: string;
  enabled: boolean;
  createdAt: string;
}

export interface Delivery {
  id: string;
  alertId: number;
  event: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const listOf = <T>(body: unknown, field: string, read: (item: Record<string, unknown>) => T | null): T[] => {
  const items = isRecord(body) ? body[field] : undefined;
  return Array.isArray(items) ? items.flatMap((item) => (isRecord(item) ? (read(item) ?? []) : [])) : [];
};
const kindOf = (value: unknown): AlertKind | null => ALERT_KINDS.find((kind) => kind === value) ?? null;

const alertOf = (item: Record<string, unknown>): Alert | null => {
  const kind = kindOf(item.kind);
  if (typeof item.id !== 'number' || !kind || typeof item.since !== 'string') return null;
  return {
    id: item.id,
    ruleId: typeof item.ruleId === 'number' ? item.ruleId : null,
    kind,
    machineId: text(item.machineId),
    district: text(item.district),
    minutes: typeof item.minutes === 'number' ? item.minutes : 0,
    since: item.since,
    openedAt: text(item.openedAt),
    closedAt: text(item.closedAt),
  };
};

const ruleOf = (item: Record<string, unknown>): AlertRule | null => {
  const kind = kindOf(item.kind);
  if (typeof item.id !== 'number' || !kind || typeof item.minutes !== 'number') return null;
  return { id: item.id, kind, minutes: item.minutes, district: text(item.district), enabled: item.enabled === true };
};

const webhookOf = (item: Record<string, unknown>): Webhook | null =>
  typeof item.id === 'number' && typeof item.url === 'string'
    ? {
        id: item.id,
        url: item.url,
        description: text(item.description) ?? '',
        enabled: item.enabled === true,
        createdAt: text(item.createdAt) ?? '',
      }
    : null;

const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
const deliveryOf = (item: Record<string, unknown>): Delivery | null => {
  const state = DELIVERY_STATES.find((known) => known === item.state);
  if (typeof item.id !== 'string' || !state) return null;
  return {
    id: item.id,
    alertId: typeof item.alertId === 'number' ? item.alertId : 0,
    event: text(item.event) ?? '',
    state,
    attempts: typeof item.attempts === 'number' ? item.attempts : 0,
    nextAttemptAt: text(item.nextAttemptAt),
    lastStatus: typeof item.lastStatus === 'number' ? item.lastStatus : null,
    lastError: text(item.lastError),
    createdAt: text(item.createdAt) ?? '',
    deliveredAt: text(item.deliveredAt),
  };
};

export const parseAlerts = (body: unknown): Alert[] => listOf(body, 'alerts', alertOf);
export const parseRules = (body: unknown): AlertRule[] => listOf(body, 'rules', ruleOf);
export const parseWebhooks = (body: unknown): Webhook[] => listOf(body, 'webhooks', webhookOf);
export const parseDeliveries = (body: unknown): Delivery[] => listOf(body, 'deliveries', deliveryOf);

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

export async function fetchOpenAlerts(call: Call): Promise<Alert[]> {
  return parseAlerts(await call('operator/alerts', undefined, GET));
}

/** A page of closed alerts, newest first, and where the next begins (null at the oldest). */
export async function fetchAlertHistory(
  call: Call,
  before: string | null,
  limit: number,
): Promise<{ alerts: Alert[]; next: string | null }> {
  const query = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) });
  const body = await call(`operator/alerts/history?${query.toString()}`, undefined, GET);
  const next = isRecord(body) ? text(body.next) : null;
  return { alerts: parseAlerts(body), next };
}

export async function fetchRules(call: Call): Promise<AlertRule[]> {
  return parseRules(await call('operator/alert-rules', undefined, GET));
}

export async function saveRule(call: Call, id: number | null, input: RuleInput): Promise<void> {
  const district = input.kind === 'feedFailing' ? null : input.district;
  const body = { ...input, district };
  if (id === null) await call('operator/alert-rules', body, change('POST'));
  else await call(`operator/alert-rules/${id}`, body, change('PATCH'));
}

export async function deleteRule(call: Call, id: number): Promise<void> {
  await call(`operator/alert-rules/${id}`, undefined, change('DELETE'));
}

export async function fetchWebhooks(call: Call): Promise<Webhook[]> {
  return parseWebhooks(await call('operator/webhooks', undefined, GET));
}

/** Registers a webhook; answers the secret the server made, shown to the admin this once. */
export async function addWebhook(call: Call, url: string, description: string): Promise<string | null> {
  const body = await call('operator/webhooks', { url, description }, change('POST'));
  return isRecord(body) ? text(body.secret) : null;
}

export async function setWebhookEnabled(call: Call, id: number, enabled: boolean): Promise<void> {
  await call(`operator/webhooks/${id}`, { enabled }, change('PATCH'));
}

export async function deleteWebhook(call: Call, id: number): Promise<void> {
  await call(`operator/webhooks/${id}`, undefined, change('DELETE'));
}

export async function fetchDeliveries(call: Call, webhookId: number): Promise<Delivery[]> {
  return parseDeliveries(await call(`operator/webhooks/${webhookId}/deliveries`, undefined, GET));
}
