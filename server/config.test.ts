import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, UPLOAD_MAX_BYTES } from './config';

const CWD = '/srv/rvm';

describe('loadConfig', () => {
  it('has the documented defaults, paths resolved from the working folder', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dbPath: path.join(CWD, 'data/rvm.sqlite'),
      databaseUrl: null,
      pgPoolMax: 10,
      filesDir: path.join(CWD, 'data/files'),
      staticDir: path.join(CWD, 'dist'),
      publicSourceMaps: false,
      adminToken: null,
      uploadMaxBytes: 5 * 1024 * 1024,
      uploadRateLimitPerMinute: 30,
      seedPath: path.join(CWD, 'assets/demo/machines.json'),
      seedPhotosDir: path.join(CWD, 'assets/photos'),
      maxStreamsPerAddress: 50,
      embedOrigins: [],
      kioskRefreshMs: 60_000,
      kioskIdleMs: 120_000,
      kioskHere: null,
      staleAfterMs: 30 * 60_000,
      logLevel: 'warn',
      auditRetentionDays: 365,
      reportKeepDays: 180,
      reportAlertCount: 3,
      basemapStyleUrl: null,
      mapOrigins: [],
      publicOrigin: null,
      trustProxy: false,
      upstreamUrl: null,
      upstreamIntervalMs: 60_000,
      alertIntervalMs: 30_000,
      upstreamTimeoutMs: 30_000,
      upstreamMaxBytes: 10 * 1024 * 1024,
      historyRetentionDays: 90,
      benchPageDir: null,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 60 * 60_000,
      signInLockMs: 15 * 60_000,
      stepUpMs: 10 * 60_000,
      factorKey: null,
      factorKeyPrevious: null,
      apiDocs: true,
      webhookAllowNetworks: [],
    });
    expect(UPLOAD_MAX_BYTES).toBe(5_242_880);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        RVM_DB: '/var/lib/rvm/db.sqlite',
        RVM_FILES: 'store',
        RVM_STATIC: 'public',
        RVM_ADMIN_TOKEN: 'a-long-enough-operator-token',
        RVM_UPLOAD_MAX_BYTES: '1000',
        RVM_SEED: 'demo.csv',
        RVM_SEED_PHOTOS: 'pics',
        RVM_EMBED_ORIGINS: ' https://a.example.org/ , https://b.example.org:8443 ',
        RVM_LOG_LEVEL: 'info',
        RVM_STALE_AFTER_MIN: '45',
        RVM_MAX_STREAMS_PER_ADDRESS: '4',
        RVM_DATABASE_URL: ' postgres://rvm:secret@db.internal:5432/rvm ',
        RVM_PG_POOL_MAX: '20',
        RVM_BENCH_PAGE: '1',
        RVM_SOURCE_MAPS: '1',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dbPath: '/var/lib/rvm/db.sqlite',
      filesDir: path.join(CWD, 'store'),
      staticDir: path.join(CWD, 'public'),
      adminToken: 'a-long-enough-operator-token',
      uploadMaxBytes: 1000,
      seedPath: path.join(CWD, 'demo.csv'),
      seedPhotosDir: path.join(CWD, 'pics'),
      embedOrigins: ['https://a.example.org', 'https://b.example.org:8443'],
      logLevel: 'info',
      staleAfterMs: 45 * 60_000,
      maxStreamsPerAddress: 4,
      databaseUrl: 'postgres://rvm:secret@db.internal:5432/rvm',
      pgPoolMax: 20,
      benchPageDir: path.join(CWD, 'bench/dist'),
      publicSourceMaps: true,
    });
  });

  it('serves the benchmark page on RVM_BENCH_PAGE=1 only, and refuses any other value than 1 and 0', () => {
    expect(loadConfig({ RVM_BENCH_PAGE: '0' }, CWD).benchPageDir).toBeNull();
    expect(() => loadConfig({ RVM_BENCH_PAGE: 'yes' }, CWD)).toThrow(
      new ConfigError('RVM_BENCH_PAGE must be 1 (serve the benchmark page) or 0, got "yes"'),
    );
  });

  it('serves the API page unless RVM_API_DOCS=0, and refuses any other value than 1 and 0', () => {
    expect(loadConfig({ RVM_API_DOCS: '0' }, CWD).apiDocs).toBe(false);
    expect(loadConfig({ RVM_API_DOCS: '1' }, CWD).apiDocs).toBe(true);
    expect(() => loadConfig({ RVM_API_DOCS: 'no' }, CWD)).toThrow(
      new ConfigError('RVM_API_DOCS must be 1 or 0, got "no"'),
    );
  });

  it('takes a PostgreSQL URL in RVM_DATABASE_URL, and refuses anything else without repeating it', () => {
    expect(loadConfig({ RVM_DATABASE_URL: 'postgresql://h/db' }, CWD).databaseUrl).toBe('postgresql://h/db');
    expect(loadConfig({ RVM_DATABASE_URL: '  ' }, CWD).databaseUrl).toBeNull();
    for (const bad of ['mysql://u:hunter2@h/db', '/var/lib/rvm.sqlite', 'postgres://']) {
      expect(() => loadConfig({ RVM_DATABASE_URL: bad }, CWD)).toThrow(ConfigError);
      expect(() => loadConfig({ RVM_DATABASE_URL: bad }, CWD)).not.toThrow(/hunter2/);
    }
    expect(() => loadConfig({ RVM_PG_POOL_MAX: '0' }, CWD)).toThrow(/RVM_PG_POOL_MAX must be between 1 and 1000/);
  });

  it('reads RVM_STALE_AFTER_MIN in whole minutes from 1 to a week', () => {
    expect(loadConfig({ RVM_STALE_AFTER_MIN: '1' }, CWD).staleAfterMs).toBe(60_000);
    expect(loadConfig({ RVM_STALE_AFTER_MIN: '10080' }, CWD).staleAfterMs).toBe(7 * 24 * 60 * 60_000);
    expect(loadConfig({ RVM_STALE_AFTER_MIN: ' ' }, CWD).staleAfterMs).toBe(30 * 60_000);
  });

  it.each([
    ['true', true],
    [' false ', false],
    ['', false],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8 , 192.168.1.7,::1, fd00::/8 ', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads RVM_TRUST_PROXY %j as Fastify trustProxy %j', (raw, trustProxy) => {
    expect(loadConfig({ RVM_TRUST_PROXY: raw }, CWD).trustProxy).toEqual(trustProxy);
  });

  it('reads RVM_WEBHOOK_ALLOW_NETWORKS as addresses and CIDR ranges, none by default', () => {
    expect(loadConfig({}, CWD).webhookAllowNetworks).toEqual([]);
    expect(
      loadConfig({ RVM_WEBHOOK_ALLOW_NETWORKS: ' 10.20.0.0/16, 127.0.0.1,fd00:1::/48 ' }, CWD).webhookAllowNetworks,
    ).toEqual(['10.20.0.0/16', '127.0.0.1', 'fd00:1::/48']);
    for (const [raw, entry] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['127.0.0.1, hooks.internal', 'hooks.internal'],
      ['loopback', 'loopback'],
      ['0177.0.0.1', '0177.0.0.1'],
    ]) {
      expect(() => loadConfig({ RVM_WEBHOOK_ALLOW_NETWORKS: raw }, CWD)).toThrow(
        `RVM_WEBHOOK_ALLOW_NETWORKS must be a comma list of IP addresses and CIDR ranges (e.g. 10.20.0.0/16,fd00:1::/48); "${entry}" is neither`,
      );
    }
  });

  it('reads RVM_REPORT_KEEP_DAYS (1 to 3650) and RVM_REPORT_ALERT_COUNT (2 to 100)', () => {
    expect(loadConfig({ RVM_REPORT_KEEP_DAYS: '30', RVM_REPORT_ALERT_COUNT: '5' }, CWD)).toMatchObject({
      reportKeepDays: 30,
      reportAlertCount: 5,
    });
    expect(() => loadConfig({ RVM_REPORT_KEEP_DAYS: '0' }, CWD)).toThrow(
      /RVM_REPORT_KEEP_DAYS must be between 1 and 3650/,
    );
    expect(() => loadConfig({ RVM_REPORT_ALERT_COUNT: '1' }, CWD)).toThrow(
      /RVM_REPORT_ALERT_COUNT must be between 2 and 100/,
    );
  });

  it('reads RVM_AUDIT_RETENTION_DAYS in whole days from 1 to 100 years', () => {
    expect(loadConfig({ RVM_AUDIT_RETENTION_DAYS: '30' }, CWD).auditRetentionDays).toBe(30);
    expect(loadConfig({ RVM_AUDIT_RETENTION_DAYS: '36500' }, CWD).auditRetentionDays).toBe(36_500);
    expect(loadConfig({ RVM_AUDIT_RETENTION_DAYS: '' }, CWD).auditRetentionDays).toBe(365);
  });

  it('reads the session times: idle in minutes, the longest in hours, 30 minutes and 12 hours unless set', () => {
    expect(loadConfig({}, CWD)).toMatchObject({ sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 12 * 3_600_000 });
    expect(loadConfig({ RVM_SESSION_IDLE_MIN: '5', RVM_SESSION_MAX_HOURS: '720' }, CWD)).toMatchObject({
      sessionIdleMs: 5 * 60_000,
      sessionAbsoluteMs: 720 * 3_600_000,
    });
    expect(loadConfig({ RVM_SESSION_IDLE_MIN: '60', RVM_SESSION_MAX_HOURS: '1' }, CWD).sessionIdleMs).toBe(3_600_000);
  });

  it('reads how long failed sign-ins lock, in seconds, 15 minutes unless set', () => {
    expect(loadConfig({ RVM_SIGN_IN_LOCK_SECONDS: '3' }, CWD).signInLockMs).toBe(3_000);
  });

  it('reads the step-up time in minutes, and the factor keys as 64 hex digits or base64 of 32 bytes', () => {
    expect(loadConfig({ RVM_STEP_UP_MIN: '3' }, CWD).stepUpMs).toBe(180_000);
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ RVM_FACTOR_KEY: hex }, CWD).factorKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ RVM_FACTOR_KEY_PREVIOUS: base64 }, CWD).factorKeyPrevious).toEqual(Buffer.alloc(32, 7));
    for (const bad of ['ab'.repeat(31), 'not a key', Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ RVM_FACTOR_KEY: bad }, CWD)).toThrow(/RVM_FACTOR_KEY must be 32 bytes/);
    }
  });

  it('reads the feed settings: the API base always ending in "/", the interval in whole seconds from 15', () => {
    const config = loadConfig(
      {
        RVM_UPSTREAM_URL: ' https://feed.example.org/api ',
        RVM_UPSTREAM_INTERVAL_S: '15',
        RVM_UPSTREAM_MAX_BYTES: '2048',
        RVM_HISTORY_RETENTION_DAYS: '7',
      },
      CWD,
    );
    expect(config).toMatchObject({
      upstreamUrl: 'https://feed.example.org/api/',
      upstreamIntervalMs: 15_000,
      upstreamMaxBytes: 2048,
      historyRetentionDays: 7,
    });
    expect(loadConfig({ RVM_UPSTREAM_URL: 'http://10.0.0.5:8080/api/' }, CWD).upstreamUrl).toBe(
      'http://10.0.0.5:8080/api/',
    );
    expect(loadConfig({ RVM_UPSTREAM_URL: 'https://feed.example.org' }, CWD).upstreamUrl).toBe(
      'https://feed.example.org/',
    );
    expect(loadConfig({ RVM_UPSTREAM_URL: '', RVM_UPSTREAM_INTERVAL_S: ' ' }, CWD)).toMatchObject({
      upstreamUrl: null,
      upstreamIntervalMs: 60_000,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', RVM_ADMIN_TOKEN: '  ', RVM_EMBED_ORIGINS: ' , ' }, CWD)).toMatchObject({
      port: 8080,
      adminToken: null,
      embedOrigins: [],
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ RVM_UPLOAD_MAX_BYTES: '5MB' }, /RVM_UPLOAD_MAX_BYTES must be a whole number/],
    [{ RVM_UPLOAD_MAX_BYTES: '0' }, /RVM_UPLOAD_MAX_BYTES must be between 1/],
    [{ RVM_ADMIN_TOKEN: 'short' }, /RVM_ADMIN_TOKEN must be at least 16 characters/],
    [{ RVM_EMBED_ORIGINS: 'https://ok.example, not an origin' }, /"not an origin" is not an origin/],
    [{ RVM_LOG_LEVEL: 'loud' }, /RVM_LOG_LEVEL must be one of/],
    [{ RVM_SOURCE_MAPS: 'yes' }, /RVM_SOURCE_MAPS must be 1 or 0, got "yes"/],
    [{ RVM_STALE_AFTER_MIN: '0' }, /RVM_STALE_AFTER_MIN must be between 1 and 10080, got 0/],
    [{ RVM_UPSTREAM_URL: 'feed.example.org/api/' }, /RVM_UPSTREAM_URL must be an http\(s\) URL/],
    [{ RVM_UPSTREAM_URL: 'ftp://feed.example.org/api/' }, /RVM_UPSTREAM_URL must be an http\(s\) URL/],
    [{ RVM_UPSTREAM_URL: 'https://user:secret@feed.example.org/api/' }, /must not carry a user name or password/],
    [{ RVM_UPSTREAM_URL: 'https://feed.example.org/api/?key=1' }, /no query or fragment/],
    [{ RVM_UPSTREAM_INTERVAL_S: '14' }, /RVM_UPSTREAM_INTERVAL_S must be between 15 and 86400, got 14/],
    [{ RVM_UPSTREAM_INTERVAL_S: '1.5' }, /RVM_UPSTREAM_INTERVAL_S must be a whole number/],
    [{ RVM_UPSTREAM_MAX_BYTES: '10' }, /RVM_UPSTREAM_MAX_BYTES must be between 1024/],
    [{ RVM_HISTORY_RETENTION_DAYS: '0' }, /RVM_HISTORY_RETENTION_DAYS must be between 1 and 36500/],
    [{ RVM_STALE_AFTER_MIN: '10081' }, /RVM_STALE_AFTER_MIN must be between 1 and 10080, got 10081/],
    [{ RVM_STALE_AFTER_MIN: '1.5' }, /RVM_STALE_AFTER_MIN must be a whole number, got "1.5"/],
    [{ RVM_STALE_AFTER_MIN: '-5' }, /RVM_STALE_AFTER_MIN must be a whole number/],
    [{ RVM_STALE_AFTER_MIN: '30min' }, /RVM_STALE_AFTER_MIN must be a whole number/],
    [{ RVM_TRUST_PROXY: '1' }, /RVM_TRUST_PROXY: a number of hops is not supported .* e\.g\. 10\.0\.0\.1/],
    [{ RVM_MAX_STREAMS_PER_ADDRESS: '0' }, /RVM_MAX_STREAMS_PER_ADDRESS must be between 1 and 5000, got 0/],
    [{ RVM_MAX_STREAMS_PER_ADDRESS: 'many' }, /RVM_MAX_STREAMS_PER_ADDRESS must be a whole number/],
    [{ RVM_AUDIT_RETENTION_DAYS: '0' }, /RVM_AUDIT_RETENTION_DAYS must be between 1 and 36500, got 0/],
    [{ RVM_AUDIT_RETENTION_DAYS: 'forever' }, /RVM_AUDIT_RETENTION_DAYS must be a whole number/],
    [{ RVM_SESSION_IDLE_MIN: '0' }, /RVM_SESSION_IDLE_MIN must be between 1 and 1440, got 0/],
    [{ RVM_SIGN_IN_LOCK_SECONDS: '0' }, /RVM_SIGN_IN_LOCK_SECONDS must be between 1 and 86400, got 0/],
    [{ RVM_SESSION_MAX_HOURS: '721' }, /RVM_SESSION_MAX_HOURS must be between 1 and 720, got 721/],
    [{ RVM_SESSION_IDLE_MIN: '61', RVM_SESSION_MAX_HOURS: '1' }, /RVM_SESSION_IDLE_MIN \(61 minutes\) is longer/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env, CWD)).toThrow(ConfigError);
    expect(() => loadConfig(env, CWD)).toThrow(message);
  });

  it.each([
    ['yes', 'yes'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['10.0.0.1, proxy.example.org', 'proxy.example.org'],
    ['::1/129', '::1/129'],
    ['300.1.1.1', '300.1.1.1'],
    ['-1', '-1'],
    ['10.0.0.0/8/8', '10.0.0.0/8/8'],
  ])('refuses RVM_TRUST_PROXY %j, naming %j', (raw, entry) => {
    expect(() => loadConfig({ RVM_TRUST_PROXY: raw }, CWD)).toThrow(ConfigError);
    expect(() => loadConfig({ RVM_TRUST_PROXY: raw }, CWD)).toThrow(
      `RVM_TRUST_PROXY must be true, false or a comma list of IP addresses and CIDR ranges (e.g. 10.0.0.0/8); "${entry}" is none of these`,
    );
  });
});
