import type { ActorKind } from '../accounts/actor';

/** What an admin did to a person or a token. */
export const ACCESS_ACTIONS = [
  'personAdded',
  'personChanged',
  'personDisabled',
  'personEnabled',
  'passwordReset',
  'tokenCreated',
  'tokenRevoked',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One change to who may sign in or call the API: by whom, from where, to whom, and what changed. */
export interface AccessChange {
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  actorKind: ActorKind;
  address: string | null;
  action: AccessAction;
  /** The person's name, or the token's. */
  subject: string;
  /** The fields that changed (never a password or a secret). */
  detail: Record<string, unknown>;
}

/** The audit of changes to people and tokens, kept beside the machines' audit. */
export interface AccessAuditStore {
  record(change: AccessChange): Promise<void>;
  /** The newest `limit` changes, newest first. */
  latest(limit: number): Promise<AccessChange[]>;
}
