import {
  DEFAULT_KIOSK_IDLE_MS,
  DEFAULT_KIOSK_REFRESH_MS,
  DEFAULT_STALE_AFTER_MS,
  MAX_KIOSK_INTERVAL_MS,
  MAX_STALE_AFTER_MS,
  MIN_FEED_INTERVAL_MS,
  MIN_KIOSK_INTERVAL_MS,
  MIN_STALE_AFTER_MS,
} from '../../shared/deploymentDefaults';
import {
  readAdminToken,
  readBasemapStyle,
  readDatabaseUrl,
  readFactorKey,
  readKioskHere,
  readLogLevel,
  readNetworks,
  readOrigins,
  readPublicOrigin,
  readTrustProxy,
  readUpstreamUrl,
} from './values';
import { custom, filePath, flag, integer, optional, text } from './variable';

export const MS_PER_MINUTE = 60_000;
const DAY_S = 24 * 60 * 60;
const GIB = 1024 ** 3;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024; // 5 MiB
/** Open event streams one client address may hold by default; the server holds 5,000 in all. */
export const DEFAULT_MAX_STREAMS_PER_ADDRESS = 50;
export const MAX_STREAMS_IN_ALL = 5_000;

/**
 * Every environment variable the server reads, in the order docs/configuration.md lists them (`npm run
 * docs:config` writes its table from here): the name, the default, the limits and what it does, each said once.
 */
export const VARIABLES = {
  port: integer('PORT', { fallback: 8080, min: 0, max: 65535, description: 'port {range}; `0` picks a free one' }),
  host: text('HOST', { fallback: '0.0.0.0', description: 'interface to listen on' }),
  dbPath: filePath('RVM_DB', {
    fallback: 'data/rvm.sqlite',
    description:
      'SQLite file; created and migrated on start, seeded once from the demo data; a damaged file (`PRAGMA ' +
      'quick_check`) stops the start with a message naming it',
  }),
  databaseUrl: optional('RVM_DATABASE_URL', {
    read: readDatabaseUrl,
    description:
      '`postgres://user:password@host:port/database`: PostgreSQL instead of `RVM_DB`, for several instances on one ' +
      'database; photos are then kept in the database; migrated on start, seeded once ([postgresql.md](postgresql.md))',
  }),
  pgPoolMax: integer('RVM_PG_POOL_MAX', {
    fallback: 10,
    min: 1,
    max: 1000,
    description:
      'with PostgreSQL: connections {range} one instance keeps at most, plus one that listens for other ' +
      "instances' changes",
  }),
  filesDir: filePath('RVM_FILES', {
    fallback: 'data/files',
    description: 'content-addressed photo store (file name = SHA-256 of the content); unused with PostgreSQL',
  }),
  staticDir: filePath('RVM_STATIC', {
    fallback: 'dist',
    description:
      'the built page; what the build keeps for itself (`dist/.vite/`: its manifest and bundle report) is never served',
  }),
  publicSourceMaps: flag('RVM_SOURCE_MAPS', {
    fallback: false,
    description:
      '`1` at build time links source maps in `dist/`, and at run time serves them; otherwise the build keeps them ' +
      'beside it in `dist-sourcemaps/` and the server answers 404 to any `.map`',
  }),
  adminToken: optional('RVM_ADMIN_TOKEN', {
    read: readAdminToken,
    description:
      'operator bearer token (≥ 16 characters) for scripts and controllers: an admin for uploads, the operator API ' +
      'and the metrics, audited as the token; unset = only people signed in ([operators.md](operators.md))',
  }),
  sessionIdleMin: integer('RVM_SESSION_IDLE_MIN', {
    fallback: 30,
    min: 1,
    max: 24 * 60,
    description:
      "minutes {range} after a console session's last request before it ends (each request moves it, written at " +
      'most once a minute or once a quarter of it)',
  }),
  sessionMaxHours: integer('RVM_SESSION_MAX_HOURS', {
    fallback: 12,
    min: 1,
    max: 30 * 24,
    description: 'hours {range} after sign-in before a console session ends however busy; at least the idle time',
  }),
  signInLockSeconds: integer('RVM_SIGN_IN_LOCK_SECONDS', {
    fallback: 15 * 60,
    min: 1,
    max: DAY_S,
    description:
      'seconds {range} that too many failed sign-ins lock a name for one address (5 in 15 minutes), for new ' +
      'browsers (20), for one browser it signed in from (5), or an address (20)',
  }),
  stepUpMin: integer('RVM_STEP_UP_MIN', {
    fallback: 10,
    min: 1,
    max: 12 * 60,
    description:
      "minutes {range} a person's password, code or passkey counts as fresh for admin acts (people, roles, tokens, " +
      'webhooks, alert rules, the factor policy); after that the console asks again ([operators-factors.md](operators-factors.md))',
  }),
  factorKey: optional('RVM_FACTOR_KEY', {
    read: readFactorKey,
    description:
      '32 random bytes, as 64 hex digits or base64 (`openssl rand -hex 32`): the key that seals the one-time-code ' +
      'secrets in the database (AES-256-GCM); unset = people cannot set up one-time codes. Keep it out of the ' +
      'backups ([operators-factors.md](operators-factors.md#rotating-the-key))',
  }),
  factorKeyPrevious: optional('RVM_FACTOR_KEY_PREVIOUS', {
    read: readFactorKey,
    description:
      'during a rotation of `RVM_FACTOR_KEY`: the key before, which still opens the secrets it sealed; each is ' +
      'sealed again under the new key when it is next used',
  }),
  publicOrigin: optional('RVM_PUBLIC_ORIGIN', {
    read: readPublicOrigin,
    description:
      "the origin people open the console at (`https://rvm.example.org`, as the browser's address bar shows it, " +
      'behind any proxy): passkeys are bound to it (its host is the WebAuthn relying party); unset = passkeys only ' +
      'on a console opened at `http://localhost` ([operators-factors.md](operators-factors.md#passkeys))',
  }),
  uploadMaxBytes: integer('RVM_UPLOAD_MAX_BYTES', {
    fallback: UPLOAD_MAX_BYTES,
    min: 1,
    max: GIB,
    shown: '5 MiB',
    description: 'upload size limit, bytes {range}; 413 above it',
  }),
  seedPath: filePath('RVM_SEED', { fallback: 'assets/demo/machines.json', description: 'the first-start data set' }),
  seedPhotosDir: filePath('RVM_SEED_PHOTOS', {
    fallback: 'assets/photos',
    description: 'the photos the seed rows name',
  }),
  embedOrigins: custom('RVM_EMBED_ORIGINS', {
    shown: 'empty',
    read: readOrigins,
    description: 'host origins allowed to frame the page and message it; empty = any ([embedding.md](embedding.md))',
  }),
  kioskRefreshMs: integer('RVM_KIOSK_REFRESH_MS', {
    fallback: DEFAULT_KIOSK_REFRESH_MS,
    min: MIN_KIOSK_INTERVAL_MS,
    max: MAX_KIOSK_INTERVAL_MS,
    description: 'kiosk data refresh interval, ms {range}',
  }),
  kioskIdleMs: integer('RVM_KIOSK_IDLE_MS', {
    fallback: DEFAULT_KIOSK_IDLE_MS,
    min: MIN_KIOSK_INTERVAL_MS,
    max: MAX_KIOSK_INTERVAL_MS,
    description: 'kiosk: time without input before the page returns to its start, ms {range}',
  }),
  kioskHere: optional('RVM_KIOSK_HERE', {
    read: readKioskHere,
    description:
      'where every kiosk stands, `latitude,longitude` on the map (e.g. `22.2819,114.1581`): "You are here", the ' +
      "nearest open machines with room first with their walk, directions from there; a kiosk's `?here=` wins " +
      '([embedding.md](embedding.md#kiosk-mode))',
  }),
  staleAfterMin: integer('RVM_STALE_AFTER_MIN', {
    fallback: DEFAULT_STALE_AFTER_MS / MS_PER_MINUTE,
    min: MIN_STALE_AFTER_MS / MS_PER_MINUTE,
    max: MAX_STALE_AFTER_MS / MS_PER_MINUTE,
    description:
      "minutes {range} after a machine's `last_online` before its status is not trusted, and, with a feed, after " +
      "the feed's last answer before the page shows a notice ([data.md](data.md))",
  }),
  basemapStyleUrl: optional('RVM_BASEMAP_STYLE_URL', {
    read: readBasemapStyle,
    description: 'a MapLibre style URL replacing the default basemap',
  }),
  mapOrigins: custom('RVM_MAP_ORIGINS', {
    shown: 'empty',
    read: readOrigins,
    description: 'extra origins that style loads tiles, glyphs and sprites from (added to the CSP)',
  }),
  maxStreamsPerAddress: integer('RVM_MAX_STREAMS_PER_ADDRESS', {
    fallback: DEFAULT_MAX_STREAMS_PER_ADDRESS,
    min: 1,
    max: MAX_STREAMS_IN_ALL,
    description:
      'live event streams {range} one client address may hold open (the server holds 5,000 in all); behind a ' +
      "proxy every client has the proxy's address unless the proxy is trusted",
  }),
  logLevel: custom('RVM_LOG_LEVEL', {
    shown: '`warn`',
    read: readLogLevel,
    description: 'server log level; logs go to stderr',
  }),
  trustProxy: custom('RVM_TRUST_PROXY', {
    shown: '`false`',
    read: readTrustProxy,
    description:
      "which reverse proxies may name the client in `X-Forwarded-For` (Fastify's `trustProxy`): `true` (any) or a " +
      'comma list of addresses and CIDR ranges (`10.0.0.0/8`, `loopback`), not a hop count (Fastify 5 ignores one); ' +
      "anonymous requests are rate-limited per client address, the operator by its token; the proxy's " +
      '`X-Forwarded-Proto: https` is what makes the session cookie `Secure`',
  }),
  auditRetentionDays: integer('RVM_AUDIT_RETENTION_DAYS', {
    fallback: 365,
    min: 1,
    max: 36_500,
    description:
      'days {range} the audit keeps an operator update, an import or a decided feed hold, and the console keeps a ' +
      'closed alert and a finished webhook delivery; older ones are deleted at start and hourly',
  }),
  upstreamUrl: optional('RVM_UPSTREAM_URL', {
    read: readUpstreamUrl,
    description:
      "the operator's feed API base (e.g. `https://feed.example.org/api/`): the server follows its `POST rvm/` and " +
      "`file/:id` ([data.md](data.md#following-the-operators-feed)); unset = the server's own data, as always",
  }),
  upstreamIntervalS: integer('RVM_UPSTREAM_INTERVAL_S', {
    fallback: 60,
    min: MIN_FEED_INTERVAL_MS / 1000,
    max: DAY_S,
    description: 'seconds {range} between two polls of the feed',
  }),
  upstreamMaxBytes: integer('RVM_UPSTREAM_MAX_BYTES', {
    fallback: 10 * 1024 * 1024,
    min: 1024,
    max: GIB,
    shown: '10 MiB',
    description:
      'the largest feed answer read, bytes {range}, about 13 000 machines by default; a larger one changes nothing',
  }),
  alertIntervalS: integer('RVM_ALERT_INTERVAL_S', {
    fallback: 30,
    min: 5,
    max: 60 * 60,
    description:
      'seconds {range} between two evaluations of the alert rules, on the instance that holds the poller lease ' +
      '([operators.md](operators-alerts.md))',
  }),
  webhookAllowNetworks: custom('RVM_WEBHOOK_ALLOW_NETWORKS', {
    shown: 'empty',
    read: readNetworks,
    description:
      'internal networks webhooks may reach all the same: a comma list of IP addresses and CIDR ranges ' +
      '(`10.20.0.0/16,fd00:1::/48`); empty = public addresses only: a receiver whose host is or resolves to a ' +
      'loopback, private, link-local, CGNAT, reserved, unspecified or multicast address is refused when saved and ' +
      'at each delivery; 0.0.0.0, multicast and broadcast never ([operators-alerts.md](operators-alerts.md#where-webhooks-may-go), ' +
      '[decision 0060](decisions/0060-webhooks-to-public-addresses-only.md))',
  }),
  historyRetentionDays: integer('RVM_HISTORY_RETENTION_DAYS', {
    fallback: 90,
    min: 1,
    max: 36_500,
    description: "days {range} each machine's history is kept",
  }),
  reportKeepDays: integer('RVM_REPORT_KEEP_DAYS', {
    fallback: 180,
    min: 1,
    max: 3650,
    description:
      "days {range} visitors' problem reports are kept, open or closed; older ones are deleted at start and hourly " +
      '([operators-reports.md](operators-reports.md))',
  }),
  reportAlertCount: integer('RVM_REPORT_ALERT_COUNT', {
    fallback: 3,
    min: 2,
    max: 100,
    description:
      "open reports {range} of a machine full, within a `reportedFull` rule's minutes, that open its alert while the " +
      'machine is shown with room ([operators-reports.md](operators-reports.md#the-alert))',
  }),
  apiDocs: flag('RVM_API_DOCS', {
    fallback: true,
    description:
      "`0` turns off the API's reference page at `/api/docs` (Swagger UI, served by this server; [decision " +
      '0043](decisions/0043-the-api-page.md)); the document itself stays at `/api/openapi.json`',
  }),
  benchPage: flag('RVM_BENCH_PAGE', {
    fallback: false,
    meaning: 'serve the benchmark page',
    description:
      '`1` also serves the benchmark page (built by `npm run bench:build` into `bench/dist`) at `/bench/`, for ' +
      'running it on your own devices ([benchmarks.md](benchmarks.md))',
  }),
};
