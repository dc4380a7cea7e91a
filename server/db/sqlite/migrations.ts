import type Database from 'better-sqlite3';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../shared/contract/factors';
import { REPORT_NOTE_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH } from '../../../shared/contract/problemReport';
import { ALERT_MAX_MINUTES } from '../../alerts/alertRule';
import { DISTRICT_MATCHES_AREA, IN } from '../checkLists';
import type { Migration } from '../migration';
import { remakeAllEpisodes } from './serviceEpisodes';

/**
 * access_audit made anew with today's list of actions, its rows and indexes kept: migrations 12, 13, 14, 16, 18 and 20
 * widen the CHECK on its action this way, as SQLite cannot alter a CHECK.
 */
const REMAKE_ACCESS_AUDIT = `CREATE TABLE access_audit_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN (${IN.ACTOR_KINDS})),
  address TEXT,
  action TEXT NOT NULL CHECK (action IN (${IN.ACCESS_ACTIONS})),
  subject TEXT NOT NULL,
  detail TEXT NOT NULL CHECK (json_valid(detail) AND json_type(detail) = 'object')
) STRICT;
INSERT INTO access_audit_next (id, at, actor, actor_kind, address, action, subject, detail)
  SELECT id, at, actor, actor_kind, address, action, subject, detail FROM access_audit;
DROP TABLE access_audit;
ALTER TABLE access_audit_next RENAME TO access_audit;
CREATE INDEX access_audit_at ON access_audit (at);
CREATE INDEX access_audit_actor ON access_audit (actor, at);
`;

/** Migration 8's alert rules and alerts, their kinds today's: migration 17 makes them anew with them. */
const ALERT_RULES_AND_ALERTS = `CREATE TABLE alert_rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN (${IN.ALERT_KINDS})),
  minutes INTEGER NOT NULL CHECK (minutes BETWEEN 1 AND ${ALERT_MAX_MINUTES}),
  district TEXT CHECK (district IS NULL OR district IN (${IN.DISTRICTS})),
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (kind <> 'feedFailing' OR district IS NULL)
) STRICT;

CREATE TABLE alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  rule_id INTEGER REFERENCES alert_rules (id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN (${IN.ALERT_KINDS})),
  subject TEXT NOT NULL,
  machine_id TEXT,
  district TEXT,
  minutes INTEGER NOT NULL,
  since TEXT NOT NULL,
  opened_at TEXT,
  closed_at TEXT,
  CHECK (closed_at IS NULL OR opened_at IS NOT NULL)
) STRICT;
CREATE UNIQUE INDEX alerts_current ON alerts (rule_id, subject) WHERE closed_at IS NULL;
CREATE INDEX alerts_closed ON alerts (id) WHERE closed_at IS NOT NULL;`;

/** Migration 8's webhook deliveries, which refer to the alerts. */
const WEBHOOK_DELIVERIES = `CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  alert_id INTEGER NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN (${IN.ALERT_EVENTS})),
  body TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN (${IN.DELIVERY_STATES})),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT,
  last_status INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  delivered_at TEXT
) STRICT;
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX webhook_deliveries_alert ON webhook_deliveries (alert_id);
`;

/**
 * The alert rules, alerts and deliveries made anew with today's kinds of alert, their rows kept (migration 17):
 * SQLite cannot alter a CHECK, and dropping a table with foreign keys on runs its ON DELETE actions, so the rows are
 * set aside and the tables dropped from the one no other refers to.
 */
const REMAKE_ALERT_TABLES = `CREATE TEMP TABLE alert_rules_kept AS SELECT * FROM alert_rules;
CREATE TEMP TABLE alerts_kept AS SELECT * FROM alerts;
CREATE TEMP TABLE webhook_deliveries_kept AS SELECT * FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
DROP TABLE alerts;
DROP TABLE alert_rules;
${ALERT_RULES_AND_ALERTS}
${WEBHOOK_DELIVERIES}
INSERT INTO alert_rules SELECT * FROM alert_rules_kept;
INSERT INTO alerts SELECT * FROM alerts_kept;
INSERT INTO webhook_deliveries SELECT * FROM webhook_deliveries_kept;
DROP TABLE alert_rules_kept;
DROP TABLE alerts_kept;
DROP TABLE webhook_deliveries_kept;
`;

/** The machines table's columns in the order migrations 1 and 3 made them. */
const MACHINE_COLUMNS = `id, lat, lng, area, district, status, under_maintenance, service_status,
  name_en, name_zht, name_zhs, address_en, address_zht, address_zhs, service_hour_en, service_hour_zht, service_hour_zhs,
  opening_hours, picture_id, updated_at, bin_count, bin_count_full_threshold, deactivated,
  last_emptied_at, last_online, last_full, extra`;

export const MIGRATIONS: readonly Migration<Database.Database>[] = [
  {
    version: 1,
    name: 'machines, files, meta',
    sql: `
CREATE TABLE files (
  id TEXT PRIMARY KEY CHECK (length(id) = 64 AND id NOT GLOB '*[^0-9a-f]*'),
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  original_name TEXT,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE machines (
  id TEXT PRIMARY KEY,
  lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
  area TEXT NOT NULL CHECK (area IN (${IN.AREAS})),
  district TEXT NOT NULL CHECK (
      ${DISTRICT_MATCHES_AREA}
  ),
  status TEXT NOT NULL CHECK (status IN (${IN.STATUSES})),
  under_maintenance INTEGER NOT NULL CHECK (under_maintenance IN (0, 1)),
  service_status INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_zht TEXT NOT NULL,
  name_zhs TEXT NOT NULL,
  address_en TEXT NOT NULL,
  address_zht TEXT NOT NULL,
  address_zhs TEXT NOT NULL,
  service_hour_en TEXT NOT NULL,
  service_hour_zht TEXT NOT NULL,
  service_hour_zhs TEXT NOT NULL,
  opening_hours TEXT,
  picture_id TEXT REFERENCES files(id),
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 2,
    name: 'machine status audit',
    // No foreign key: the audit outlives a machine removed by a later import.
    sql: `
CREATE TABLE machine_status_audit (
  id INTEGER PRIMARY KEY,
  machine_id TEXT NOT NULL,
  before TEXT NOT NULL CHECK (json_valid(before)),
  after TEXT NOT NULL CHECK (json_valid(after)),
  at TEXT NOT NULL,
  actor TEXT NOT NULL
) STRICT;
CREATE INDEX machine_status_audit_machine ON machine_status_audit (machine_id, at);
`,
  },
  {
    version: 3,
    name: "the real feed's extra fields",
    // Timestamps are stored as normaliseFeedTimestamp writes them (ISO 8601, UTC); `extra` holds the
    // fields no column knows, as a JSON object, or NULL when there are none.
    sql: `
ALTER TABLE machines ADD COLUMN bin_count INTEGER CHECK (bin_count >= 0);
ALTER TABLE machines ADD COLUMN bin_count_full_threshold INTEGER
  CHECK (bin_count_full_threshold >= 0 AND bin_count_full_threshold <= coalesce(bin_count, bin_count_full_threshold));
ALTER TABLE machines ADD COLUMN deactivated INTEGER NOT NULL DEFAULT 0 CHECK (deactivated IN (0, 1));
ALTER TABLE machines ADD COLUMN last_emptied_at TEXT;
ALTER TABLE machines ADD COLUMN last_online TEXT;
ALTER TABLE machines ADD COLUMN last_full TEXT;
ALTER TABLE machines ADD COLUMN extra TEXT CHECK (json_valid(extra) AND substr(extra, 1, 1) = '{');
`,
  },
  {
    version: 4,
    name: 'import audit; audit entries by time, for the retention',
    sql: `
CREATE TABLE machine_import_audit (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  inserted INTEGER NOT NULL CHECK (inserted >= 0),
  updated INTEGER NOT NULL CHECK (updated >= 0),
  photos INTEGER NOT NULL CHECK (photos >= 0),
  at TEXT NOT NULL,
  actor TEXT NOT NULL
) STRICT;
CREATE INDEX machine_import_audit_at ON machine_import_audit (at);
CREATE INDEX machine_status_audit_at ON machine_status_audit (at);
`,
  },
  {
    version: 5,
    name: 'following a feed: machine history, photos fetched from the feed',
    // No foreign key on the history either: it outlives its machine. `feed_photos` maps the feed's photo id
    // to the stored file, so each photo is fetched once.
    sql: `
CREATE TABLE machine_history (
  id INTEGER PRIMARY KEY,
  machine_id TEXT NOT NULL,
  at TEXT NOT NULL,
  status TEXT NOT NULL,
  under_maintenance INTEGER NOT NULL CHECK (under_maintenance IN (0, 1)),
  service_status INTEGER NOT NULL,
  deactivated INTEGER NOT NULL CHECK (deactivated IN (0, 1)),
  bin_count INTEGER,
  bin_count_full_threshold INTEGER,
  last_online TEXT,
  last_emptied_at TEXT,
  last_full TEXT
) STRICT;
CREATE INDEX machine_history_machine ON machine_history (machine_id, at);
CREATE INDEX machine_history_at ON machine_history (at);
CREATE TABLE feed_photos (
  feed_id TEXT PRIMARY KEY,
  file_id TEXT NOT NULL REFERENCES files(id),
  fetched_at TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 6,
    name: "the extra fields' CHECK accepts NULL on every SQLite; the feed's holds and baseline",
    // Migration 3's CHECK on `extra` is false for NULL where json_valid(NULL) is 0 (before SQLite 3.45, as in
    // Debian 12's sqlite3), so an older sqlite3's integrity_check called every machine without extra fields a broken
    // row. SQLite cannot alter a CHECK: the table is made anew with the same columns, in the same order, and the same
    // rows (nothing refers to it; its foreign key to files is checked as the rows go in).
    // `feed_holds` keeps each mass deactivation held back and how it ended, `feed_baseline` what it is measured
    // against (decision 0038); the machine id lists are JSON arrays.
    sql: `
CREATE TABLE machines_rebuilt (
  id TEXT PRIMARY KEY,
  lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
  area TEXT NOT NULL CHECK (area IN (${IN.AREAS})),
  district TEXT NOT NULL CHECK (
      ${DISTRICT_MATCHES_AREA}
  ),
  status TEXT NOT NULL CHECK (status IN (${IN.STATUSES})),
  under_maintenance INTEGER NOT NULL CHECK (under_maintenance IN (0, 1)),
  service_status INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_zht TEXT NOT NULL,
  name_zhs TEXT NOT NULL,
  address_en TEXT NOT NULL,
  address_zht TEXT NOT NULL,
  address_zhs TEXT NOT NULL,
  service_hour_en TEXT NOT NULL,
  service_hour_zht TEXT NOT NULL,
  service_hour_zhs TEXT NOT NULL,
  opening_hours TEXT,
  picture_id TEXT REFERENCES files(id),
  updated_at TEXT NOT NULL,
  bin_count INTEGER CHECK (bin_count >= 0),
  bin_count_full_threshold INTEGER
    CHECK (bin_count_full_threshold >= 0 AND bin_count_full_threshold <= coalesce(bin_count, bin_count_full_threshold)),
  deactivated INTEGER NOT NULL DEFAULT 0 CHECK (deactivated IN (0, 1)),
  last_emptied_at TEXT,
  last_online TEXT,
  last_full TEXT,
  extra TEXT CHECK (extra IS NULL OR (json_valid(extra) AND substr(extra, 1, 1) = '{'))
) STRICT;
INSERT INTO machines_rebuilt (${MACHINE_COLUMNS}) SELECT ${MACHINE_COLUMNS} FROM machines;
DROP TABLE machines;
ALTER TABLE machines_rebuilt RENAME TO machines;

CREATE TABLE feed_holds (
  id INTEGER PRIMARY KEY,
  held_at TEXT NOT NULL,
  machine_ids TEXT NOT NULL CHECK (json_valid(machine_ids) AND json_type(machine_ids) = 'array'),
  active INTEGER NOT NULL CHECK (active >= 0),
  remaining INTEGER NOT NULL CHECK (remaining >= 0),
  baseline INTEGER NOT NULL CHECK (baseline >= 0),
  baseline_since TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN (${IN.HOLD_STATES})),
  decided_at TEXT,
  decided_by TEXT,
  rejected_at TEXT,
  rejected_by TEXT,
  kept_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(kept_ids) AND json_type(kept_ids) = 'array')
) STRICT;
CREATE UNIQUE INDEX feed_holds_one_waiting ON feed_holds (state) WHERE state = 'held';
CREATE INDEX feed_holds_keeping ON feed_holds (id) WHERE kept_ids <> '[]';
CREATE INDEX feed_holds_held_at ON feed_holds (held_at);
CREATE TABLE feed_baseline (
  only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
  active INTEGER NOT NULL CHECK (active >= 0),
  since TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 7,
    name: 'accounts, sessions, failed sign-ins; the audit names a person or the token, and the address',
    // Sessions and failure counts are deleted with their account or when they expire; the audit keeps the name.
    // (SQLite allows no subquery in a CHECK: that each district is one, the store checks.)
    // Entries from before this version were all made with the operator token (status) or the import command.
    sql: `
CREATE TABLE accounts (
  name TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL CHECK (password_hash GLOB '$argon2*'),
  role TEXT NOT NULL CHECK (role IN (${IN.ROLES})),
  districts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(districts) AND json_type(districts) = 'array'),
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  must_change_password INTEGER NOT NULL DEFAULT 0 CHECK (must_change_password IN (0, 1)),
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT,
  password_changed_at TEXT NOT NULL,
  CHECK (role <> 'admin' OR districts = '[]')
) STRICT;

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY CHECK (length(id_hash) = 64 AND id_hash NOT GLOB '*[^0-9a-f]*'),
  account TEXT NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  idle_expires_at TEXT NOT NULL,
  absolute_expires_at TEXT NOT NULL,
  address TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_account ON sessions (account);
CREATE INDEX sessions_idle_expires_at ON sessions (idle_expires_at);

CREATE TABLE sign_in_failures (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL CHECK (failures > 0),
  window_started_at TEXT NOT NULL,
  locked_until TEXT
) STRICT;

ALTER TABLE machine_status_audit ADD COLUMN actor_kind TEXT NOT NULL DEFAULT 'token'
  CHECK (actor_kind IN (${IN.ACTOR_KINDS}));
ALTER TABLE machine_status_audit ADD COLUMN address TEXT;
ALTER TABLE machine_import_audit ADD COLUMN actor_kind TEXT NOT NULL DEFAULT 'command'
  CHECK (actor_kind IN (${IN.ACTOR_KINDS}));
ALTER TABLE machine_import_audit ADD COLUMN address TEXT;
CREATE INDEX machine_status_audit_actor ON machine_status_audit (actor, at);
`,
  },
  {
    version: 8,
    name: 'alert rules, alerts, webhooks and their deliveries',
    // PostgreSQL's migration 6. One alert not closed per rule and subject; a delivery is queued with the change of
    // its alert (an outbox) and keeps its body, so every retry sends the same bytes.
    sql: `
${ALERT_RULES_AND_ALERTS}
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  url TEXT NOT NULL,
  secret TEXT NOT NULL CHECK (length(secret) >= 16),
  description TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;

${WEBHOOK_DELIVERIES}`,
  },
  {
    version: 9,
    name: 'named API tokens; the audit of changes to people and tokens',
    // PostgreSQL's migration 7. A token's secret is never stored, only its SHA-256 (decision 0053); a revoked token
    // stays, so the list and the audit still name it, and its name is free again for a new one.
    sql: `
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE CHECK (length(secret_hash) = 64 AND secret_hash NOT GLOB '*[^0-9a-f]*'),
  hint TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN (${IN.ROLES})),
  districts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(districts) AND json_type(districts) = 'array'),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT,
  CHECK (role <> 'admin' OR districts = '[]'),
  CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
) STRICT;
CREATE UNIQUE INDEX api_tokens_live_name ON api_tokens (name) WHERE revoked_at IS NULL;

CREATE TABLE access_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN (${IN.ACTOR_KINDS})),
  address TEXT,
  action TEXT NOT NULL CHECK (action IN (${IN.ACCESS_ACTIONS})),
  subject TEXT NOT NULL,
  detail TEXT NOT NULL CHECK (json_valid(detail) AND json_type(detail) = 'object')
) STRICT;
CREATE INDEX access_audit_at ON access_audit (at);
`,
  },
  {
    version: 10,
    name: "a session's last request and its browser, for the person's own list of sessions",
    // PostgreSQL's migration 8 (decision 0055). Sessions from before it were last seen, as far as anyone knows, when
    // they began; their browser is not known.
    sql: `
ALTER TABLE sessions ADD COLUMN last_seen_at TEXT;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT '' CHECK (length(agent) <= 120);
`,
  },
  {
    version: 11,
    name: "the audit of admins' decisions on held syncs",
    // PostgreSQL's migration 9. One row per confirmation or rejection, with the caller's kind and address, which the
    // hold's own record lacks; the machines the decision concerned kept here, so the audit outlives a pruned hold.
    sql: `
CREATE TABLE feed_hold_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hold_id INTEGER NOT NULL,
  decision TEXT NOT NULL CHECK (decision IN (${IN.HOLD_VERDICTS})),
  machine_ids TEXT NOT NULL CHECK (json_valid(machine_ids) AND json_type(machine_ids) = 'array'),
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN (${IN.ACTOR_KINDS})),
  address TEXT
) STRICT;
CREATE INDEX feed_hold_audit_at ON feed_hold_audit (at);
`,
  },
  {
    version: 12,
    name: 'the browsers a name signed in from, the audit of every change an admin makes, tokens of former admins',
    // PostgreSQL's migration 12 (decision 0061). access_audit is made anew for its longer list of actions (SQLite
    // cannot alter a CHECK). A token whose maker is no longer an active admin is revoked, as from now on it is when
    // its maker is disabled or given another role.
    sql: `
${REMAKE_ACCESS_AUDIT}

CREATE TABLE sign_in_devices (
  id_hash TEXT PRIMARY KEY CHECK (length(id_hash) = 64 AND id_hash NOT GLOB '*[^0-9a-f]*'),
  account TEXT NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL
) STRICT;
CREATE INDEX sign_in_devices_account ON sign_in_devices (account);
CREATE INDEX sign_in_devices_last_used_at ON sign_in_devices (last_used_at);

UPDATE api_tokens SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), revoked_by = 'migration 12'
  WHERE revoked_at IS NULL
    AND created_by NOT IN (SELECT name FROM accounts WHERE role = 'admin' AND disabled = 0);
`,
  },
  {
    version: 13,
    name: "people's second factors, a session's second step and its last proof of who is there",
    // PostgreSQL's migration 13 (decision 0068). access_audit is made anew for the factors' actions (SQLite cannot
    // alter a CHECK). A session from before has passed every step it had then: 'done', and its proof is its sign-in.
    sql: `
${REMAKE_ACCESS_AUDIT}

CREATE TABLE totp_factors (
  account TEXT PRIMARY KEY REFERENCES accounts (name) ON DELETE CASCADE,
  secret TEXT NOT NULL CHECK (secret GLOB 'v1.*'),
  confirmed INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  last_step INTEGER
) STRICT;

CREATE TABLE recovery_codes (
  account TEXT NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  code_hash TEXT NOT NULL CHECK (length(code_hash) = 97),
  created_at TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (account, code_hash)
) STRICT;

ALTER TABLE sessions ADD COLUMN second_factor TEXT NOT NULL DEFAULT 'done'
  CHECK (second_factor IN (${IN.SECOND_FACTOR_STATES}));
ALTER TABLE sessions ADD COLUMN step_up_at TEXT;
UPDATE sessions SET step_up_at = created_at;
`,
  },
  {
    version: 14,
    name: "the audit of the service promise's length",
    // PostgreSQL's migration 14 (decision 0069). access_audit is made anew for its longer list of actions, as in 12;
    // the promise itself is a row of meta.
    sql: `
${REMAKE_ACCESS_AUDIT}
`,
  },
  {
    version: 15,
    name: "visitors' problem reports",
    // PostgreSQL's migration 15 (decision 0070). A solved challenge's hash is unique: it pays for one report.
    sql: `
CREATE TABLE problem_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  machine_id TEXT NOT NULL,
  district TEXT NOT NULL CHECK (district IN (${IN.DISTRICTS})),
  kind TEXT NOT NULL CHECK (kind IN (${IN.REPORT_KINDS})),
  text TEXT NOT NULL CHECK (length(text) <= ${REPORT_TEXT_MAX_LENGTH}),
  challenge TEXT NOT NULL UNIQUE CHECK (length(challenge) = 64 AND challenge NOT GLOB '*[^0-9a-f]*'),
  state TEXT NOT NULL CHECK (state IN ('open')),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX problem_reports_machine ON problem_reports (machine_id, created_at);
`,
  },
  {
    version: 16,
    name: "people's passkeys and their ceremonies' challenges",
    // PostgreSQL's migration 16 (decision 0071). access_audit is made anew for passkeyAdded and passkeyRemoved.
    // A challenge is kept under the hash of what it is bound to (a session, or a sign-in's own cookie) until used.
    sql: `
${REMAKE_ACCESS_AUDIT}

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 16 AND 1366 AND id NOT GLOB '*[^A-Za-z0-9_-]*'),
  account TEXT NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND ${PASSKEY_NAME_MAX_LENGTH}),
  public_key TEXT NOT NULL CHECK (length(public_key) > 0 AND public_key NOT GLOB '*[^A-Za-z0-9_-]*'),
  counter INTEGER NOT NULL CHECK (counter >= 0),
  transports TEXT NOT NULL CHECK (json_valid(transports) AND json_type(transports) = 'array'),
  created_at TEXT NOT NULL,
  last_used_at TEXT
) STRICT;
CREATE INDEX passkeys_account ON passkeys (account);

CREATE TABLE passkey_challenges (
  key_hash TEXT PRIMARY KEY CHECK (length(key_hash) = 64 AND key_hash NOT GLOB '*[^0-9a-f]*'),
  challenge TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'authenticate')),
  account TEXT REFERENCES accounts (name) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 17,
    name: 'reports closed by operators, their alert and audit',
    // PostgreSQL's migration 17 (decision 0072). A report
    // keeps how it was closed, by whom and the note; access_audit and the alert tables are made anew for the new
    // actions (reportsResolved, reportsDismissed) and the new kind of alert (reportedFull).
    sql: `
CREATE TABLE problem_reports_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  machine_id TEXT NOT NULL,
  district TEXT NOT NULL CHECK (district IN (${IN.DISTRICTS})),
  kind TEXT NOT NULL CHECK (kind IN (${IN.REPORT_KINDS})),
  text TEXT NOT NULL CHECK (length(text) <= ${REPORT_TEXT_MAX_LENGTH}),
  challenge TEXT NOT NULL UNIQUE CHECK (length(challenge) = 64 AND challenge NOT GLOB '*[^0-9a-f]*'),
  state TEXT NOT NULL CHECK (state IN (${IN.REPORT_STATES})),
  created_at TEXT NOT NULL,
  note TEXT CHECK (length(note) <= ${REPORT_NOTE_MAX_LENGTH}),
  closed_at TEXT,
  closed_by TEXT,
  closed_by_kind TEXT CHECK (closed_by_kind IN (${IN.ACTOR_KINDS})),
  CHECK ((state = 'open') = (closed_at IS NULL) AND (state = 'open') = (closed_by IS NULL)
    AND (state = 'open') = (note IS NULL))
) STRICT;
INSERT INTO problem_reports_next (id, machine_id, district, kind, text, challenge, state, created_at)
  SELECT id, machine_id, district, kind, text, challenge, state, created_at FROM problem_reports;
DROP TABLE problem_reports;
ALTER TABLE problem_reports_next RENAME TO problem_reports;
CREATE INDEX problem_reports_machine ON problem_reports (machine_id, created_at);
CREATE INDEX problem_reports_created ON problem_reports (created_at);
CREATE INDEX problem_reports_closed ON problem_reports (closed_at) WHERE state <> 'open';

${REMAKE_ACCESS_AUDIT}
${REMAKE_ALERT_TABLES}
`,
  },
  {
    version: 18,
    name: 'host origins added in the console',
    // PostgreSQL's migration 18 (decision 0073). access_audit is made anew for the origins' actions, as in 12.
    sql: `
${REMAKE_ACCESS_AUDIT}

CREATE TABLE embed_origins (
  origin TEXT PRIMARY KEY CHECK (length(origin) <= 300 AND origin GLOB 'http*://*' AND origin = lower(origin)),
  added_at TEXT NOT NULL,
  added_by TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 19,
    name: 'service episodes kept as the history is written',
    // PostgreSQL's migration 19 (decision 0074). The rows
    // are made from the history kept so far, by the same step as every later write (server/db/episodeKeeping.ts).
    sql: `
CREATE TABLE service_episodes (
  id INTEGER PRIMARY KEY,
  machine_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (${IN.EPISODE_KINDS})),
  from_at TEXT NOT NULL,
  to_at TEXT,
  ended TEXT NOT NULL CHECK (ended IN (${IN.EPISODE_ENDS})),
  emptied_before TEXT,
  CHECK ((to_at IS NULL) = (ended = 'open'))
) STRICT;
CREATE INDEX service_episodes_from ON service_episodes (from_at);
CREATE INDEX service_episodes_machine ON service_episodes (machine_id, from_at);
CREATE INDEX service_episodes_open ON service_episodes (machine_id) WHERE to_at IS NULL;
`,
    then: remakeAllEpisodes,
  },
  {
    version: 20,
    name: 'passkey renames in the access audit',
    // PostgreSQL's migration 20. access_audit is made anew for passkeyRenamed, as in 16.
    sql: REMAKE_ACCESS_AUDIT,
  },
  {
    version: 21,
    name: 'service episodes indexed for the month report',
    // PostgreSQL's migration 21 (decision 0074's follow-up): a month's figures read the full and nearly full
    // episodes that started in it, every column they need in this index (a covering range, no row read).
    sql: `
CREATE INDEX service_episodes_kind_from ON service_episodes (kind, from_at, machine_id, to_at, ended);
`,
  },
];

/** Applies every migration newer than the database, each in its own transaction. Safe to run on every start. */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration<Database.Database>[] = MIGRATIONS,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((version) => Number(version)),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const newlyApplied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    // IMMEDIATE takes the write lock first, so two processes starting together cannot both apply it.
    db.transaction(() => {
      const again = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version);
      if (again) return;
      db.exec(migration.sql);
      void migration.then?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
      newlyApplied.push(migration.version);
    }).immediate();
  }
  return newlyApplied;
}
