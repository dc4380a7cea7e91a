import { ACCESS_ACTIONS, type AccessAction, type AccessChange } from '../../shared/contract/auditEntry';

/**
 * What an admin did to a person or a token, and every other change outside the machines' own audit; and one such
 * change, by whom, from where, to what: the contract's (shared/contract/auditEntry.ts).
 */
export { ACCESS_ACTIONS, type AccessAction, type AccessChange };

/** The audit of changes to people, tokens and the alerts' settings, kept beside the machines' audit. */
export interface AccessAuditStore {
  record(change: AccessChange): Promise<void>;
  /** The newest `limit` changes, newest first. */
  latest(limit: number): Promise<AccessChange[]>;
}
