import type pg from 'pg';
import { BIN_COUNT_MAX } from '../../../shared/contract/machine';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../shared/contract/factors';
import { REPORT_NOTE_MAX_LENGTH, REPORT_TEXT_MAX_LENGTH } from '../../../shared/contract/problemReport';
import { ALERT_MAX_MINUTES } from '../../alerts/alertRule';
import { DISTRICT_MATCHES_AREA, IN } from '../checkLists';
import type { Migration } from '../migration';
import { checkOut, type Queryable } from './pool';
import { pgRemakeAllEpisodes } from './serviceEpisodes';

const HASH_CHECK = `CHECK (id ~ '^[0-9a-f]{64}$')`;

/**
 * PostgreSQL's schema, numbered on its own. Version 1 is SQLite's migrations 1 to 4 in one, with these
 * differences: ids sort bytewise (COLLATE "C", as SQLite sorts them, whatever the database's locale); booleans
 * are booleans; the JSON columns are `json` (kept as written, key order too); timestamps stay ISO 8601 text, as the
 * API sends them; photo bytes live in `file_contents` (every instance serves every photo, and pg_dump holds them);
 * `data_version` is bumped by every write (the list cache's key, and the write lock: see pool.ts inTransaction).
 */
export const PG_MIGRATIONS: readonly Migration<Queryable>[] = [
  {
    version: 1,
    name: 'machines, photos, meta, audit, data version',
    sql: `
CREATE TABLE files (
  id text COLLATE "C" PRIMARY KEY ${HASH_CHECK},
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  original_name text,
  created_at text NOT NULL
);

CREATE TABLE file_contents (
  id text COLLATE "C" PRIMARY KEY ${HASH_CHECK},
  content bytea NOT NULL
);

CREATE TABLE machines (
  id text COLLATE "C" PRIMARY KEY,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  area text NOT NULL CHECK (area IN (${IN.AREAS})),
  district text NOT NULL CHECK (
      ${DISTRICT_MATCHES_AREA}
  ),
  status text NOT NULL CHECK (status IN (${IN.STATUSES})),
  under_maintenance boolean NOT NULL,
  service_status bigint NOT NULL,
  name_en text NOT NULL,
  name_zht text NOT NULL,
  name_zhs text NOT NULL,
  address_en text NOT NULL,
  address_zht text NOT NULL,
  address_zhs text NOT NULL,
  service_hour_en text NOT NULL,
  service_hour_zht text NOT NULL,
  service_hour_zhs text NOT NULL,
  opening_hours text,
  picture_id text COLLATE "C" REFERENCES files (id),
  updated_at text NOT NULL,
  bin_count integer CHECK (bin_count BETWEEN 0 AND ${BIN_COUNT_MAX}),
  bin_count_full_threshold integer
    CHECK (bin_count_full_threshold >= 0 AND bin_count_full_threshold <= coalesce(bin_count, bin_count_full_threshold)),
  deactivated boolean NOT NULL DEFAULT false,
  last_emptied_at text,
  last_online text,
  last_full text,
  extra json CHECK (json_typeof(extra) = 'object')
);

CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- No foreign key: the audit outlives a machine removed by a later import.
CREATE TABLE machine_status_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  machine_id text NOT NULL,
  before json NOT NULL,
  after json NOT NULL,
  at text NOT NULL,
  actor text NOT NULL
);
CREATE INDEX machine_status_audit_machine ON machine_status_audit (machine_id, at);
CREATE INDEX machine_status_audit_at ON machine_status_audit (at);

CREATE TABLE machine_import_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL,
  inserted integer NOT NULL CHECK (inserted >= 0),
  updated integer NOT NULL CHECK (updated >= 0),
  photos integer NOT NULL CHECK (photos >= 0),
  at text NOT NULL,
  actor text NOT NULL
);
CREATE INDEX machine_import_audit_at ON machine_import_audit (at);

CREATE TABLE data_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
INSERT INTO data_version (version) VALUES (0);

-- Any write to the machines, by this server or by hand, moves the version the list cache is keyed on.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER machines_bump_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON machines
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  },
  {
    version: 2,
    name: 'following a feed: machine history, photos fetched from the feed',
    // SQLite's migration 5. No foreign key on the history: it outlives its machine.
    sql: `
CREATE TABLE machine_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  machine_id text COLLATE "C" NOT NULL,
  at text COLLATE "C" NOT NULL,
  status text NOT NULL,
  under_maintenance boolean NOT NULL,
  service_status bigint NOT NULL,
  deactivated boolean NOT NULL,
  bin_count integer,
  bin_count_full_threshold integer,
  last_online text,
  last_emptied_at text,
  last_full text
);
CREATE INDEX machine_history_machine ON machine_history (machine_id, at);
CREATE INDEX machine_history_at ON machine_history (at);

CREATE TABLE feed_photos (
  feed_id text COLLATE "C" PRIMARY KEY,
  file_id text COLLATE "C" NOT NULL REFERENCES files (id),
  fetched_at text NOT NULL
);
`,
  },
  {
    version: 3,
    name: 'one poller: the lease of the instance that polls the feed',
    // PostgreSQL only: an SQLite file has one server process. Times by the database's clock (decision 0032).
    sql: `
CREATE TABLE feed_poller (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  term bigint NOT NULL DEFAULT 1,
  report text
);
`,
  },
  {
    version: 4,
    name: "the feed's holds and baseline",
    // SQLite's migration 6, less its rebuild of machines (PostgreSQL's CHECK on `extra` is true for NULL). In the
    // database, not in the poller's memory: every instance reads them, and an admin decides on any (decision 0038).
    sql: `
CREATE TABLE feed_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  held_at text NOT NULL,
  machine_ids json NOT NULL CHECK (json_typeof(machine_ids) = 'array'),
  active integer NOT NULL CHECK (active >= 0),
  remaining integer NOT NULL CHECK (remaining >= 0),
  baseline integer NOT NULL CHECK (baseline >= 0),
  baseline_since text NOT NULL,
  state text NOT NULL CHECK (state IN (${IN.HOLD_STATES})),
  decided_at text,
  decided_by text,
  rejected_at text,
  rejected_by text,
  kept_ids json NOT NULL DEFAULT '[]' CHECK (json_typeof(kept_ids) = 'array')
);
CREATE UNIQUE INDEX feed_holds_one_waiting ON feed_holds (state) WHERE state = 'held';
CREATE INDEX feed_holds_keeping ON feed_holds (id) WHERE json_array_length(kept_ids) > 0;
CREATE INDEX feed_holds_held_at ON feed_holds (held_at);
CREATE TABLE feed_baseline (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  active integer NOT NULL CHECK (active >= 0),
  since text NOT NULL
);
`,
  },
  {
    version: 5,
    name: 'accounts, sessions, failed sign-ins; the audit names a person or the token, and the address',
    // SQLite's migration 7. Every instance reads and writes the same sessions and
    // failure counts, so a sign-in on one is seen by all and a lock holds on all.
    sql: `
CREATE TABLE accounts (
  name text COLLATE "C" PRIMARY KEY,
  password_hash text NOT NULL CHECK (password_hash LIKE '$argon2%'),
  role text NOT NULL CHECK (role IN (${IN.ROLES})),
  districts text[] NOT NULL DEFAULT '{}' CHECK (districts <@ ARRAY[${IN.DISTRICTS}]::text[]),
  disabled boolean NOT NULL DEFAULT false,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at text NOT NULL,
  last_sign_in_at text,
  password_changed_at text NOT NULL,
  CHECK (role <> 'admin' OR districts = '{}')
);

CREATE TABLE sessions (
  id_hash text COLLATE "C" PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  account text COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at text NOT NULL,
  idle_expires_at text COLLATE "C" NOT NULL,
  absolute_expires_at text COLLATE "C" NOT NULL,
  address text NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
CREATE INDEX sessions_idle_expires_at ON sessions (idle_expires_at);

CREATE TABLE sign_in_failures (
  key text COLLATE "C" PRIMARY KEY,
  failures integer NOT NULL CHECK (failures > 0),
  window_started_at text COLLATE "C" NOT NULL,
  locked_until text COLLATE "C"
);

ALTER TABLE machine_status_audit ADD COLUMN actor_kind text NOT NULL DEFAULT 'token'
  CHECK (actor_kind IN (${IN.ACTOR_KINDS}));
ALTER TABLE machine_status_audit ADD COLUMN address text;
ALTER TABLE machine_import_audit ADD COLUMN actor_kind text NOT NULL DEFAULT 'command'
  CHECK (actor_kind IN (${IN.ACTOR_KINDS}));
ALTER TABLE machine_import_audit ADD COLUMN address text;
CREATE INDEX machine_status_audit_actor ON machine_status_audit (actor, at);
`,
  },
  {
    version: 6,
    name: 'alert rules, alerts, webhooks and their deliveries',
    // SQLite's migration 8. One alert not closed per rule and subject; a delivery is queued with the change of
    // its alert (an outbox) and keeps its body, so every retry sends the same bytes.
    sql: `
CREATE TABLE alert_rules (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN (${IN.ALERT_KINDS})),
  minutes integer NOT NULL CHECK (minutes BETWEEN 1 AND ${ALERT_MAX_MINUTES}),
  district text CHECK (district IS NULL OR district IN (${IN.DISTRICTS})),
  enabled boolean NOT NULL,
  created_at text NOT NULL,
  updated_at text NOT NULL,
  CHECK (kind <> 'feedFailing' OR district IS NULL)
);

CREATE TABLE alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule_id integer REFERENCES alert_rules (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN (${IN.ALERT_KINDS})),
  subject text NOT NULL,
  machine_id text,
  district text,
  minutes integer NOT NULL,
  since text COLLATE "C" NOT NULL,
  opened_at text,
  closed_at text,
  CHECK (closed_at IS NULL OR opened_at IS NOT NULL)
);
CREATE UNIQUE INDEX alerts_current ON alerts (rule_id, subject) WHERE closed_at IS NULL;
CREATE INDEX alerts_closed ON alerts (id) WHERE closed_at IS NOT NULL;

CREATE TABLE webhooks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text NOT NULL,
  secret text NOT NULL CHECK (length(secret) >= 16),
  description text NOT NULL,
  enabled boolean NOT NULL,
  created_at text NOT NULL
);

CREATE TABLE webhook_deliveries (
  id text COLLATE "C" PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  alert_id integer NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN (${IN.ALERT_EVENTS})),
  body text NOT NULL,
  state text NOT NULL CHECK (state IN (${IN.DELIVERY_STATES})),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at text COLLATE "C",
  last_status integer,
  last_error text,
  created_at text COLLATE "C" NOT NULL,
  delivered_at text
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX webhook_deliveries_alert ON webhook_deliveries (alert_id);
`,
  },
  {
    version: 7,
    name: 'named API tokens; the audit of changes to people and tokens',
    // SQLite's migration 9. Every instance reads the same tokens on every request: a revocation holds on all at once.
    sql: `
CREATE TABLE api_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text COLLATE "C" NOT NULL,
  secret_hash text COLLATE "C" NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  hint text NOT NULL,
  role text NOT NULL CHECK (role IN (${IN.ROLES})),
  districts text[] NOT NULL DEFAULT '{}' CHECK (districts <@ ARRAY[${IN.DISTRICTS}]::text[]),
  created_by text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C",
  revoked_at text COLLATE "C",
  revoked_by text,
  CHECK (role <> 'admin' OR districts = '{}'),
  CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
);
CREATE UNIQUE INDEX api_tokens_live_name ON api_tokens (name) WHERE revoked_at IS NULL;

CREATE TABLE access_audit (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at text COLLATE "C" NOT NULL,
  actor text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN (${IN.ACTOR_KINDS})),
  address text,
  action text NOT NULL CHECK (action IN (${IN.ACCESS_ACTIONS})),
  subject text NOT NULL,
  detail jsonb NOT NULL CHECK (jsonb_typeof(detail) = 'object')
);
CREATE INDEX access_audit_at ON access_audit (at);
`,
  },
  {
    version: 8,
    name: "a session's last request and its browser, for the person's own list of sessions",
    // SQLite's migration 10 (decision 0055).
    sql: `
ALTER TABLE sessions ADD COLUMN last_seen_at text COLLATE "C";
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ADD COLUMN agent text NOT NULL DEFAULT '' CHECK (length(agent) <= 120);
`,
  },
  {
    version: 9,
    name: "the audit of admins' decisions on held syncs",
    // SQLite's migration 11: one row per confirmation or rejection, with the caller's kind and address.
    sql: `
CREATE TABLE feed_hold_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hold_id bigint NOT NULL,
  decision text NOT NULL CHECK (decision IN (${IN.HOLD_VERDICTS})),
  machine_ids json NOT NULL CHECK (json_typeof(machine_ids) = 'array'),
  at text NOT NULL,
  actor text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN (${IN.ACTOR_KINDS})),
  address text
);
CREATE INDEX feed_hold_audit_at ON feed_hold_audit (at);
`,
  },
  {
    version: 12,
    name: 'the browsers a name signed in from, the audit of every change an admin makes, tokens of former admins',
    // SQLite's migration 12 (decision 0061), under the same number from here on. A token whose maker is no longer an
    // active admin is revoked, as from now on it is when its maker is disabled or given another role.
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));
CREATE INDEX access_audit_actor ON access_audit (actor, at);

CREATE TABLE sign_in_devices (
  id_hash text COLLATE "C" PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  account text COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  created_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C" NOT NULL
);
CREATE INDEX sign_in_devices_account ON sign_in_devices (account);
CREATE INDEX sign_in_devices_last_used_at ON sign_in_devices (last_used_at);

UPDATE api_tokens
  SET revoked_at = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), revoked_by = 'migration 12'
  WHERE revoked_at IS NULL
    AND created_by NOT IN (SELECT name FROM accounts WHERE role = 'admin' AND NOT disabled);
`,
  },
  {
    version: 13,
    name: "people's second factors, a session's second step and its last proof of who is there",
    // SQLite's migration 13 (decision 0068).
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));

CREATE TABLE totp_factors (
  account text COLLATE "C" PRIMARY KEY REFERENCES accounts (name) ON DELETE CASCADE,
  secret text NOT NULL CHECK (secret LIKE 'v1.%'),
  confirmed boolean NOT NULL DEFAULT false,
  created_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C",
  last_step bigint
);

CREATE TABLE recovery_codes (
  account text COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  code_hash text COLLATE "C" NOT NULL CHECK (length(code_hash) = 97),
  created_at text COLLATE "C" NOT NULL,
  used_at text COLLATE "C",
  PRIMARY KEY (account, code_hash)
);

ALTER TABLE sessions ADD COLUMN second_factor text NOT NULL DEFAULT 'done'
  CHECK (second_factor IN (${IN.SECOND_FACTOR_STATES}));
ALTER TABLE sessions ADD COLUMN step_up_at text COLLATE "C";
UPDATE sessions SET step_up_at = created_at;
`,
  },
  {
    version: 14,
    name: "the audit of the service promise's length",
    // SQLite's migration 14 (decision 0069): the access audit's longer list of actions; the promise is a row of meta.
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));
`,
  },
  {
    version: 15,
    name: "visitors' problem reports",
    // SQLite's migration 15 (decision 0070). A solved challenge's hash is unique: it pays for one report.
    sql: `
CREATE TABLE problem_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  machine_id text COLLATE "C" NOT NULL,
  district text NOT NULL CHECK (district IN (${IN.DISTRICTS})),
  kind text NOT NULL CHECK (kind IN (${IN.REPORT_KINDS})),
  text text NOT NULL CHECK (char_length(text) <= ${REPORT_TEXT_MAX_LENGTH}),
  challenge text COLLATE "C" NOT NULL UNIQUE CHECK (challenge ~ '^[0-9a-f]{64}$'),
  state text NOT NULL CHECK (state IN ('open')),
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX problem_reports_machine ON problem_reports (machine_id, created_at);
`,
  },
  {
    version: 16,
    name: "people's passkeys and their ceremonies' challenges",
    // SQLite's migration 16 (decision 0071).
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));

CREATE TABLE passkeys (
  id text COLLATE "C" PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]+$' AND char_length(id) BETWEEN 16 AND 1366),
  account text COLLATE "C" NOT NULL REFERENCES accounts (name) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND ${PASSKEY_NAME_MAX_LENGTH}),
  public_key text COLLATE "C" NOT NULL CHECK (public_key ~ '^[A-Za-z0-9_-]+$'),
  counter bigint NOT NULL CHECK (counter >= 0),
  transports json NOT NULL CHECK (json_typeof(transports) = 'array'),
  created_at text COLLATE "C" NOT NULL,
  last_used_at text COLLATE "C"
);
CREATE INDEX passkeys_account ON passkeys (account);

CREATE TABLE passkey_challenges (
  key_hash text COLLATE "C" PRIMARY KEY CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  challenge text COLLATE "C" NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
  account text COLLATE "C" REFERENCES accounts (name) ON DELETE CASCADE,
  expires_at text COLLATE "C" NOT NULL
);
`,
  },
  {
    version: 17,
    name: 'reports closed by operators, their alert and audit',
    // SQLite's migration 17 (decision 0072).
    sql: `
ALTER TABLE problem_reports DROP CONSTRAINT problem_reports_state_check;
ALTER TABLE problem_reports ADD CONSTRAINT problem_reports_state_check CHECK (state IN (${IN.REPORT_STATES}));
ALTER TABLE problem_reports ADD COLUMN note text CHECK (char_length(note) <= ${REPORT_NOTE_MAX_LENGTH});
ALTER TABLE problem_reports ADD COLUMN closed_at text COLLATE "C";
ALTER TABLE problem_reports ADD COLUMN closed_by text;
ALTER TABLE problem_reports ADD COLUMN closed_by_kind text CHECK (closed_by_kind IN (${IN.ACTOR_KINDS}));
ALTER TABLE problem_reports ADD CONSTRAINT problem_reports_closed_check
  CHECK ((state = 'open') = (closed_at IS NULL) AND (state = 'open') = (closed_by IS NULL)
    AND (state = 'open') = (note IS NULL));
CREATE INDEX problem_reports_created ON problem_reports (created_at);
CREATE INDEX problem_reports_closed ON problem_reports (closed_at) WHERE state <> 'open';

ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));
ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_kind_check CHECK (kind IN (${IN.ALERT_KINDS}));
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check CHECK (kind IN (${IN.ALERT_KINDS}));
`,
  },
  {
    version: 18,
    name: 'host origins added in the console',
    // SQLite's migration 18 (decision 0073): the access audit's longer list of actions, and the origins.
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));

CREATE TABLE embed_origins (
  origin text COLLATE "C" PRIMARY KEY CHECK (char_length(origin) <= 300 AND origin ~ '^https?://' AND origin = lower(origin)),
  added_at text COLLATE "C" NOT NULL,
  added_by text COLLATE "C" NOT NULL
);
`,
  },
  {
    version: 19,
    name: 'service episodes kept as the history is written',
    // SQLite's migration 19 (decision 0074). The rows are
    // made from the history kept so far, by the same step as every later write (server/db/episodeKeeping.ts).
    sql: `
CREATE TABLE service_episodes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  machine_id text COLLATE "C" NOT NULL,
  kind text NOT NULL CHECK (kind IN (${IN.EPISODE_KINDS})),
  from_at text COLLATE "C" NOT NULL,
  to_at text COLLATE "C",
  ended text NOT NULL CHECK (ended IN (${IN.EPISODE_ENDS})),
  emptied_before text COLLATE "C",
  CHECK ((to_at IS NULL) = (ended = 'open'))
);
CREATE INDEX service_episodes_from ON service_episodes (from_at);
CREATE INDEX service_episodes_machine ON service_episodes (machine_id, from_at);
CREATE INDEX service_episodes_open ON service_episodes (machine_id) WHERE to_at IS NULL;
`,
    then: pgRemakeAllEpisodes,
  },
  {
    version: 20,
    name: 'passkey renames in the access audit',
    // SQLite's migration 20: the access audit's longer list of actions.
    sql: `
ALTER TABLE access_audit DROP CONSTRAINT access_audit_action_check;
ALTER TABLE access_audit ADD CONSTRAINT access_audit_action_check CHECK (action IN (${IN.ACCESS_ACTIONS}));
`,
  },
  {
    version: 21,
    name: 'service episodes indexed for the month report',
    // SQLite's migration 21 (decision 0074's follow-up): a month's figures read the full and nearly full episodes
    // that started in it, every column they need in this index (an index-only range once vacuumed).
    sql: `
CREATE INDEX service_episodes_kind_from ON service_episodes (kind, from_at) INCLUDE (machine_id, to_at, ended);
`,
  },
];

/** Any number: every process that migrates this database takes the same transaction-scoped advisory lock. */
const MIGRATION_LOCK = 0x72766d;

/** Applies every migration newer than the database, each in its own transaction; two instances starting together wait their turn. */
export async function migratePg(
  pool: pg.Pool,
  migrations: readonly Migration<Queryable>[] = PG_MIGRATIONS,
): Promise<number[]> {
  const { client, release } = await checkOut(pool);
  const newlyApplied: number[] = [];
  try {
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at text NOT NULL
        )`);
        const { rowCount } = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
          migration.version,
        ]);
        if (rowCount === 0) {
          await client.query(migration.sql);
          await migration.then?.(client);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
            migration.version,
            migration.name,
            new Date().toISOString(),
          ]);
          newlyApplied.push(migration.version);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    release();
  }
  return newlyApplied;
}
