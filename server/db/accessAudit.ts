import type { ActorKind } from '../accounts/actor';

/**
 * What an admin did to a person or a token, and every other change outside the machines' own audit: a person's own
 * new password, alert rules and webhooks, a photo stored before any machine has it.
 */
export const ACCESS_ACTIONS = [
  'personAdded',
  'personChanged',
  'personDisabled',
  'personEnabled',
  'passwordReset',
  'tokenCreated',
  'tokenRevoked',
  'personUnlocked',
  'passwordChanged',
  'alertRuleAdded',
  'alertRuleChanged',
  'alertRuleDeleted',
  'webhookAdded',
  'webhookChanged',
  'webhookSecretChanged',
  'webhookDeleted',
  'photoUploaded',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One change to who may sign in or call the API, or to the alerts' settings: by whom, from where, to what. */
export interface AccessChange {
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  actorKind: ActorKind;
  address: string | null;
  action: AccessAction;
  /** The person's name, the token's, the rule's or webhook's id, the photo's id. */
  subject: string;
  /** The fields that changed (never a password or a secret). */
  detail: Record<string, unknown>;
}

/** The audit of changes to people, tokens and the alerts' settings, kept beside the machines' audit. */
export interface AccessAuditStore {
  record(change: AccessChange): Promise<void>;
  /** The newest `limit` changes, newest first. */
  latest(limit: number): Promise<AccessChange[]>;
}
