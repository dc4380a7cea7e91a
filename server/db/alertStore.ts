import { DELIVERY_STATES, type Delivery, type DeliveryState } from '../../shared/contract/delivery';
import type { Webhook, WebhookInput as WebhookRequest } from '../../shared/contract/webhook';
import type { Alert, AlertChanges, AlertEvent } from '../alerts/alert';
import type { AlertKind, AlertRule, AlertRuleInput } from '../alerts/alertRule';

/**
 * A receiver of alert events an admin registered, as the contract has it. Its secret is never read back (see
 * `dueDeliveries`).
 */
export type { Webhook };

/** A webhook as the store writes it: the secret goes apart. */
export type WebhookInput = Omit<WebhookRequest, 'secret'>;

export { DELIVERY_STATES, type DeliveryState };

/** One event for one webhook: its log entry, as admins read it (the contract's). */
export type { Delivery };

/** A delivery to send now, with what sending it needs. */
export interface DueDelivery {
  id: string;
  attempts: number;
  event: AlertEvent;
  url: string;
  secret: string;
  body: string;
}

/** An attempt's outcome: delivered, failed for good, or to be tried again at `nextAttemptAt`. */
export interface AttemptOutcome {
  state: DeliveryState;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  at: string;
}

/** The JSON body of one event, made when it is queued: every retry sends the same bytes. */
export type EventBody = (deliveryId: string, event: AlertEvent, alert: Alert) => string;

/**
 * Alert rules, the alerts they watch and open, webhooks and their deliveries (an outbox: a delivery is queued in the
 * transaction that opens or closes its alert, so none is lost and none is queued twice). One implementation for
 * both engines: db/stores/alerts.ts.
 */
export interface AlertStore {
  listRules(): Promise<AlertRule[]>;
  addRule(input: AlertRuleInput, at: string): Promise<AlertRule>;
  /** Changes a rule; its alerts not closed are closed (open ones with an event) so it watches afresh. */
  updateRule(id: number, input: AlertRuleInput, at: string, body: EventBody): Promise<AlertRule | null>;
  /** Deletes a rule, closing its open alerts as `updateRule` does; its closed alerts stay in the history. */
  deleteRule(id: number, at: string, body: EventBody): Promise<boolean>;

  /** The alerts not closed: watched and open. */
  currentAlerts(): Promise<Alert[]>;
  /** Closed alerts, newest closed first, those with an id below `beforeId` when given. */
  closedAlerts(beforeId: number | null, limit: number): Promise<Alert[]>;
  /** Writes one evaluation, queuing an event for every enabled webhook per alert opened or closed. */
  applyChanges(changes: AlertChanges, at: string, body: EventBody): Promise<void>;
  /** Open alerts by kind (every kind, 0 when none). */
  countOpen(): Promise<Record<AlertKind, number>>;

  listWebhooks(): Promise<Webhook[]>;
  addWebhook(input: WebhookInput, secret: string, at: string): Promise<Webhook>;
  updateWebhook(id: number, input: WebhookInput, secret: string | null): Promise<Webhook | null>;
  deleteWebhook(id: number): Promise<boolean>;
  /** Deliveries, newest first; of one webhook when `webhookId` is given. */
  deliveries(webhookId: number | null, limit: number): Promise<Delivery[]>;

  /** Pending deliveries due at `at`, oldest first. */
  dueDeliveries(at: string, limit: number): Promise<DueDelivery[]>;
  /**
   * Takes a due delivery for one attempt: counts the attempt and moves its next attempt to `retryAt`, unless another
   * sender took it first (its attempts changed): then false.
   */
  claimDelivery(id: string, attempts: number, retryAt: string): Promise<boolean>;
  recordAttempt(id: string, outcome: AttemptOutcome): Promise<void>;
  /**
   * Forgets what is older than `cutoff` (ISO 8601): deliveries made or given up, and closed alerts none of whose
   * deliveries is still pending (with their log). Rules, webhooks and alerts not closed are never pruned.
   */
  prune(cutoff: string): Promise<PrunedAlerts>;
}

/** What one pruning pass deleted. */
export interface PrunedAlerts {
  alerts: number;
  deliveries: number;
}
