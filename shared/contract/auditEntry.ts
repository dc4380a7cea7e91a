import type { FromSchema } from 'json-schema-to-ts';
import { listOf, SUCCESS, TIME } from './wireParts';

/**
 * An operator's change to a machine (status, maintenance, its fields), an import of machines, an admin's decision
 * on a held sync (decision 0054), or a change outside the machines (people, tokens, alert rules, webhooks, photos
 * stored; decision 0061). The audit's order sorts them by name, descending.
 */
export const AUDIT_KINDS = ['update', 'import', 'hold', 'access'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Who made a change, as the audit names them: a person signed in, the operator token, or a command on the server. */
export const ACTOR_KINDS = ['person', 'token', 'command'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

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
  'factorPolicyChanged',
  'factorsReset',
  'totpEnrolled',
  'totpRemoved',
  'recoveryCodesRenewed',
  'passkeyAdded',
  'passkeyRemoved',
  'passkeyRenamed',
  'servicePromiseChanged',
  'embedOriginAdded',
  'embedOriginRemoved',
  'reportsResolved',
  'reportsDismissed',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One entry of the audit, as `GET /api/operator/audit` answers it. */
export const AUDIT_ENTRY_SCHEMA = {
  type: 'object',
  required: ['id', 'at', 'actor', 'actorKind', 'address', 'machineId', 'kind', 'before', 'after'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'update-N, import-N, hold-N or access-N' },
    at: { type: 'string', format: 'date-time' },
    actor: {
      type: 'string',
      description: "The account's name, the token's fingerprint, or the command and who ran it",
    },
    actorKind: { type: 'string', enum: ACTOR_KINDS },
    address: { type: ['string', 'null'], description: 'The client address; null for a command run on the server' },
    machineId: {
      type: ['string', 'null'],
      description: "The machine changed; null for an import, a hold's decision or a change outside the machines",
    },
    kind: { type: 'string', enum: AUDIT_KINDS },
    before: { type: ['object', 'null'], additionalProperties: true, description: "The machine's fields before" },
    after: {
      type: ['object', 'null'],
      additionalProperties: true,
      description:
        "The machine's fields after; for an import, its file and counts; for a hold's decision, the hold, the " +
        'decision (confirmed or rejected) and how many machines it deactivated or kept; for a change outside the ' +
        'machines (kind access), its `action` (as in listAccessChanges), `subject` and `detail`',
    },
  },
} as const;

export type AuditEntry = FromSchema<typeof AUDIT_ENTRY_SCHEMA>;

/** A page of the audit, newest first, and where the next begins. */
export const AUDIT_PAGE_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'entries', 'next'],
  properties: {
    success: SUCCESS,
    entries: listOf(AUDIT_ENTRY_SCHEMA),
    next: { type: ['string', 'null'], description: 'More entries: pass it as `before`; null at the end' },
  },
} as const;

/** The `after` of an entry of kind `hold`: an admin's decision on a held sync. */
export const HOLD_DECISION_SCHEMA = {
  type: 'object',
  required: ['hold', 'decision', 'machines'],
  additionalProperties: false,
  properties: {
    hold: { type: 'integer' },
    decision: { type: 'string', enum: ['confirmed', 'rejected'] },
    /** The machines it deactivated (confirmed) or kept active (rejected). */
    machines: { type: 'integer' },
  },
} as const;

/** One change to who may sign in or call the API, or to the alerts' settings: by whom, from where, to what. */
export const ACCESS_CHANGE_SCHEMA = {
  type: 'object',
  required: ['at', 'actor', 'actorKind', 'address', 'action', 'subject', 'detail'],
  additionalProperties: false,
  properties: {
    at: TIME,
    actor: { type: 'string' },
    actorKind: { type: 'string', enum: ACTOR_KINDS },
    address: { type: ['string', 'null'] },
    action: { type: 'string', enum: ACCESS_ACTIONS },
    subject: {
      type: 'string',
      description:
        "The person's or the token's name; the alert rule's, webhook's or photo's id; the promise's new minutes; " +
        'the machine whose reports were closed',
    },
    detail: { type: 'object', additionalProperties: true, description: 'What changed (never a password or secret)' },
  },
} as const;

export type AccessChange = FromSchema<typeof ACCESS_CHANGE_SCHEMA>;

/** The `after` of an entry of kind `access`: the change, without who made it (the entry says). */
export const ACCESS_CHANGE_AFTER_SCHEMA = {
  type: 'object',
  required: ['action', 'subject', 'detail'],
  additionalProperties: false,
  properties: {
    action: ACCESS_CHANGE_SCHEMA.properties.action,
    subject: ACCESS_CHANGE_SCHEMA.properties.subject,
    detail: ACCESS_CHANGE_SCHEMA.properties.detail,
  },
} as const;
