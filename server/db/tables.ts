import type { SqliteTables } from './sqliteTables';
import type { Table } from './table';

/**
 * The catalogue: every table both engines keep and copy-to-postgres copies, with its columns and their types (see
 * table.ts). The migrations create them; the stores read their column lists here, the copy its types, and
 * tests/server/pg/copy.test.ts holds PostgreSQL's tables to it. (machines and machine_history are declared from the
 * contract: machineRecord.ts, stateRecord.ts.)
 */

const WHO = { actor: 'text', actor_kind: 'text', address: 'text' } as const;

export const FILES: Table = {
  name: 'files',
  columns: { id: 'text', content_type: 'text', size: 'int8', original_name: 'text', created_at: 'text' },
};
export const STATUS_AUDIT: Table = {
  name: 'machine_status_audit',
  columns: { id: 'int8', machine_id: 'text', before: 'json', after: 'json', at: 'text', ...WHO },
  keepIds: true,
};
export const IMPORT_AUDIT: Table = {
  name: 'machine_import_audit',
  columns: { id: 'int8', source: 'text', inserted: 'int', updated: 'int', photos: 'int', at: 'text', ...WHO },
  keepIds: true,
};
export const FEED_PHOTOS: Table = {
  name: 'feed_photos',
  columns: { feed_id: 'text', file_id: 'text', fetched_at: 'text' },
};
export const FEED_HOLDS: Table = {
  name: 'feed_holds',
  columns: {
    id: 'int8',
    held_at: 'text',
    machine_ids: 'json',
    active: 'int',
    remaining: 'int',
    baseline: 'int',
    baseline_since: 'text',
    state: 'text',
    decided_at: 'text',
    decided_by: 'text',
    rejected_at: 'text',
    rejected_by: 'text',
    kept_ids: 'json',
  },
  keepIds: true,
};
export const HOLD_AUDIT: Table = {
  name: 'feed_hold_audit',
  columns: { id: 'int8', hold_id: 'int8', decision: 'text', machine_ids: 'json', at: 'text', ...WHO },
  keepIds: true,
};
/** One row at most: its key is a constant. */
export const FEED_BASELINE: Table = {
  name: 'feed_baseline',
  columns: { active: 'int', since: 'text' },
  fixed: ['only_row'],
};
export const META: Table = { name: 'meta', columns: { key: 'text', value: 'text' } };
/** Sessions and failed sign-ins are not copied (people sign in again): they are not here. */
export const ACCOUNTS: Table = {
  name: 'accounts',
  columns: {
    name: 'text',
    password_hash: 'text',
    role: 'text',
    districts: 'text[]',
    disabled: 'bool',
    must_change_password: 'bool',
    created_at: 'text',
    last_sign_in_at: 'text',
    password_changed_at: 'text',
  },
};
/** A person's authenticator app: its secret sealed under RVM_FACTOR_KEY (accounts/sealedSecret.ts), never in clear. */
export const TOTP_FACTORS: Table = {
  name: 'totp_factors',
  columns: {
    account: 'text',
    secret: 'text',
    confirmed: 'bool',
    created_at: 'text',
    last_used_at: 'text',
    last_step: 'int8',
  },
};
/** A person's recovery codes: each a salt and a SHA-256 (accounts/recoveryCodes.ts), and when it was used. */
export const RECOVERY_CODES: Table = {
  name: 'recovery_codes',
  columns: { account: 'text', code_hash: 'text', created_at: 'text', used_at: 'text' },
  orderBy: 'account, code_hash',
};
/**
 * A person's passkeys (decision 0071): the credential id and COSE public key in base64url, the signature counter last
 * seen. A public key is no secret, but it is copied and backed up as the other factors are.
 */
export const PASSKEYS: Table = {
  name: 'passkeys',
  columns: {
    id: 'text',
    account: 'text',
    name: 'text',
    public_key: 'text',
    counter: 'int8',
    transports: 'json',
    created_at: 'text',
    last_used_at: 'text',
  },
  orderBy: 'account, created_at, id',
};
export const API_TOKENS: Table = {
  name: 'api_tokens',
  columns: {
    id: 'int4',
    name: 'text',
    secret_hash: 'text',
    hint: 'text',
    role: 'text',
    districts: 'text[]',
    created_by: 'text',
    created_at: 'text',
    expires_at: 'text',
    last_used_at: 'text',
    revoked_at: 'text',
    revoked_by: 'text',
  },
  keepIds: true,
};
export const ACCESS_AUDIT: Table = {
  name: 'access_audit',
  columns: { id: 'int4', at: 'text', ...WHO, action: 'text', subject: 'text', detail: 'jsonb' },
  keepIds: true,
};

/** The alert tables as both engines keep them (SQLite's migration 8, PostgreSQL's 6), with their ids when copied. */
export const ALERT_RULES: Table = {
  name: 'alert_rules',
  columns: {
    id: 'int4',
    kind: 'text',
    minutes: 'int4',
    district: 'text',
    enabled: 'bool',
    created_at: 'text',
    updated_at: 'text',
  },
  keepIds: true,
};
export const ALERTS: Table = {
  name: 'alerts',
  columns: {
    id: 'int4',
    rule_id: 'int4',
    kind: 'text',
    subject: 'text',
    machine_id: 'text',
    district: 'text',
    minutes: 'int4',
    since: 'text',
    opened_at: 'text',
    closed_at: 'text',
  },
  keepIds: true,
};
export const WEBHOOKS: Table = {
  name: 'webhooks',
  columns: { id: 'int4', url: 'text', secret: 'text', description: 'text', enabled: 'bool', created_at: 'text' },
  keepIds: true,
};
/** Deliveries have text ids (UUIDs): no sequence to continue. */
export const WEBHOOK_DELIVERIES: Table = {
  name: 'webhook_deliveries',
  columns: {
    id: 'text',
    webhook_id: 'int4',
    alert_id: 'int4',
    event: 'text',
    body: 'text',
    state: 'text',
    attempts: 'int4',
    next_attempt_at: 'text',
    last_status: 'int4',
    last_error: 'text',
    created_at: 'text',
    delivered_at: 'text',
  },
  orderBy: 'created_at, id',
};

/** Visitors' problem reports (issue 68); `challenge` is unique, so a solved challenge stores one report. */
export const PROBLEM_REPORTS: Table = {
  name: 'problem_reports',
  columns: {
    id: 'int4',
    machine_id: 'text',
    district: 'text',
    kind: 'text',
    text: 'text',
    challenge: 'text',
    state: 'text',
    created_at: 'text',
    note: 'text',
    closed_at: 'text',
    closed_by: 'text',
    closed_by_kind: 'text',
  },
  keepIds: true,
};

/** Host origins allowed to frame the map, added by admins in the console (decision 0073). */
export const EMBED_ORIGINS: Table = {
  name: 'embed_origins',
  columns: { origin: 'text', added_at: 'text', added_by: 'text' },
  orderBy: 'added_at, origin',
};

/**
 * The service episodes kept as the history is written (decision 0074): a row each, the open ones with the emptying
 * they started after, so the next entry goes on from them as `episodesOf` would over the whole history.
 */
export const SERVICE_EPISODES: Table = {
  name: 'service_episodes',
  columns: {
    machine_id: 'text',
    kind: 'text',
    from_at: 'text',
    to_at: 'text',
    ended: 'text',
    emptied_before: 'text',
  },
  // Nothing refers to an episode's id: the copy lets PostgreSQL number them anew, in the same order.
  fixed: ['id'],
  orderBy: 'machine_id, from_at, id',
};

/**
 * The tables copy-to-postgres copies as they are, by the name it reads them under (sqliteTables.ts), in the order it
 * copies them: after the files, the machines and their history.
 */
export const COPIED_AS_THEY_ARE = {
  statusAudit: STATUS_AUDIT,
  importAudit: IMPORT_AUDIT,
  feedPhotos: FEED_PHOTOS,
  feedHolds: FEED_HOLDS,
  holdAudit: HOLD_AUDIT,
  feedBaseline: FEED_BASELINE,
  meta: META,
  accounts: ACCOUNTS,
  totpFactors: TOTP_FACTORS,
  recoveryCodes: RECOVERY_CODES,
  passkeys: PASSKEYS,
  apiTokens: API_TOKENS,
  accessAudit: ACCESS_AUDIT,
  alertRules: ALERT_RULES,
  alerts: ALERTS,
  webhooks: WEBHOOKS,
  webhookDeliveries: WEBHOOK_DELIVERIES,
  problemReports: PROBLEM_REPORTS,
  embedOrigins: EMBED_ORIGINS,
  serviceEpisodes: SERVICE_EPISODES,
} satisfies Partial<Record<keyof SqliteTables, Table>>;
