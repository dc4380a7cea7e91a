import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../server/db/sqlite/migrations';
import { openDatabase, type Db } from '../../server/db/sqlite/open';
import { listMachines } from '../../server/db/sqlite/machines';
import { SQLITE_TALLY_DIALECT } from '../../server/db/sqlite/serviceTallies';
import { monthEpisodesCte, tallyDaysSql, tallyFailuresSql } from '../../server/db/serviceSql';
import { describeSqliteOnly, makeTempDir } from './helpers';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ROW = {
  id: 'RVM-1',
  lat: 22.3,
  lng: 114.1,
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status: 'Full',
  under_maintenance: 0,
  service_status: 0,
  picture_id: null as string | null,
};
const insert = (db: Db, patch: Partial<typeof ROW>): void => {
  const row = { ...ROW, ...patch };
  db.prepare(
    `INSERT INTO machines (id, lat, lng, area, district, status, under_maintenance, service_status,
       name_en, name_zht, name_zhs, address_en, address_zht, address_zhs,
       service_hour_en, service_hour_zht, service_hour_zhs, picture_id, updated_at)
     VALUES (@id, @lat, @lng, @area, @district, @status, @under_maintenance, @service_status,
       'n', 'n', 'n', 'a', 'a', 'a', 's', 's', 's', @picture_id, 'now')`,
  ).run(row);
};

const SQLITE_SCHEMA = "SQLite's own migrations, file and PRAGMAs; PostgreSQL's are tested in tests/server/pg";

describeSqliteOnly(SQLITE_SCHEMA, 'database', () => {
  it('opens in WAL mode with foreign keys on and records each migration once', () => {
    dir = makeTempDir();
    const file = path.join(dir, 'db.sqlite');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    db.close();

    const again = openDatabase(file);
    expect(again.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(MIGRATIONS.length);
    again.close();
  });

  it('applies only migrations it has not seen', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    const next = { version: 99, name: 'test', sql: 'CREATE TABLE extra (x INTEGER) STRICT;' };
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([99]);
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([]);
    db.close();
  });

  it('keeps machines consistent with CHECK and foreign key constraints', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    insert(db, {});
    expect(() => insert(db, { id: 'a', status: 'half' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'b', area: 'LANTAU' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'c', district: 'WAN CHAI' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'd', under_maintenance: 2 })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'e', picture_id: 'f'.repeat(64) })).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO files VALUES ('../x', 'image/png', 1, NULL, 'now')").run()).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM machines').pluck().get()).toBe(1);
    db.close();
  });
});

describeSqliteOnly(SQLITE_SCHEMA, "migration 3: the feed's extra fields", () => {
  /** A database as a server before migration 3 left it: two machines, one with a photo, and an audit entry. */
  function databaseBeforeMigration3(file: string): void {
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 2),
    );
    old.prepare("INSERT INTO files VALUES (?, 'image/png', 10, 'rvm-1.png', 'then')").run('a'.repeat(64));
    insert(old, { picture_id: 'a'.repeat(64) });
    insert(old, { id: 'RVM-2', status: '>40%', under_maintenance: 1, service_status: 1 });
    old
      .prepare(
        `INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES ('RVM-1', '{}', '{"status":"Full"}', 'then', 'abcd1234')`,
      )
      .run();
    old.close();
  }

  it('migrates an existing database and keeps every row, the new fields unknown', () => {
    dir = makeTempDir();
    const file = path.join(dir, 'db.sqlite');
    databaseBeforeMigration3(file);
    const before = new Database(file);
    const rowsBefore = before.prepare('SELECT * FROM machines ORDER BY id').all();
    before.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(
      MIGRATIONS.map((migration) => migration.version),
    );
    const rowsAfter = db.prepare('SELECT * FROM machines ORDER BY id').all() as Record<string, unknown>[];
    expect(rowsAfter).toEqual(
      (rowsBefore as Record<string, unknown>[]).map((row) => ({
        ...row,
        bin_count: null,
        bin_count_full_threshold: null,
        deactivated: 0,
        last_emptied_at: null,
        last_online: null,
        last_full: null,
        extra: null,
      })),
    );
    expect(db.prepare('SELECT count(*) FROM machine_status_audit').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM files').pluck().get()).toBe(1);
    expect(
      listMachines(db).map((m) => [m.id, m.status, m.picture?.id ?? null, m.deactivated, m.bin_count, m.last_online]),
    ).toEqual([
      ['RVM-1', 'Full', 'a'.repeat(64), false, null, null],
      ['RVM-2', '>40%', null, false, null, null],
    ]);
    db.close();
  });

  it('guards the new columns with CHECK constraints', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    insert(db, {});
    const set = (assignment: string) => () => db.prepare(`UPDATE machines SET ${assignment} WHERE id = 'RVM-1'`).run();
    expect(set('bin_count = -1')).toThrow(/CHECK/);
    expect(set('bin_count = 2, bin_count_full_threshold = 3')).toThrow(/CHECK/);
    expect(set('bin_count_full_threshold = -1')).toThrow(/CHECK/);
    expect(set('deactivated = 2')).toThrow(/CHECK/);
    expect(set('deactivated = NULL')).toThrow(/NOT NULL/);
    expect(set("extra = 'not json'")).toThrow(/CHECK/);
    expect(set("extra = '[1, 2]'")).toThrow(/CHECK/);
    expect(set('bin_count = 1.5')).toThrow(/INTEGER/);
    set('bin_count = 3, bin_count_full_threshold = 3, deactivated = 1, extra = \'{"note":"x"}\'')();
    expect(db.prepare("SELECT bin_count, deactivated, extra FROM machines WHERE id = 'RVM-1'").get()).toEqual({
      bin_count: 3,
      deactivated: 1,
      extra: '{"note":"x"}',
    });
    db.close();
  });
});

describeSqliteOnly(SQLITE_SCHEMA, "migration 6: the extra fields' CHECK accepts NULL", () => {
  it('makes the machines table anew with every row, its constraints and its foreign key', () => {
    dir = makeTempDir();
    const file = path.join(dir, 'db.sqlite');
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    migrate(
      old,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    old.prepare("INSERT INTO files VALUES (?, 'image/png', 10, 'rvm-1.png', 'then')").run('a'.repeat(64));
    insert(old, { picture_id: 'a'.repeat(64) });
    insert(old, { id: 'RVM-2', status: '>40%' });
    old.prepare(`UPDATE machines SET extra = '{"note":"x"}', bin_count = 3, deactivated = 1 WHERE id = 'RVM-2'`).run();
    const rowsBefore = old.prepare('SELECT * FROM machines ORDER BY id').all();
    old.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT * FROM machines ORDER BY id').all()).toEqual(rowsBefore);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'machines%'").pluck().all()).toEqual([
      'machines',
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const set = (assignment: string) => () => db.prepare(`UPDATE machines SET ${assignment} WHERE id = 'RVM-1'`).run();
    expect(set("extra = 'not json'")).toThrow(/CHECK/);
    expect(set("extra = '[1, 2]'")).toThrow(/CHECK/);
    expect(set("status = 'half'")).toThrow(/CHECK/);
    expect(set(`picture_id = '${'f'.repeat(64)}'`)).toThrow(/FOREIGN KEY/);
    set('extra = NULL')();
    db.close();
  });
  it('12 revokes the tokens of makers no longer active admins, keeps the audit, and lets it keep every change', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 12),
    );
    const account = db.prepare(
      `INSERT INTO accounts (name, password_hash, role, districts, disabled, must_change_password, created_at,
         password_changed_at) VALUES (?, '$argon2id$x', ?, '[]', ?, 0, 'then', 'then')`,
    );
    account.run('ann', 'admin', 0);
    account.run('bob', 'admin', 1);
    account.run('cy', 'operator', 0);
    const token = db.prepare(
      `INSERT INTO api_tokens (name, secret_hash, hint, role, districts, created_by, created_at, expires_at)
       VALUES (?, ?, 'rvm_xxxx', 'viewer', '[]', ?, 'then', '2999-01-01T00:00:00.000Z')`,
    );
    for (const [i, maker] of ['ann', 'bob', 'cy', 'gone'].entries())
      token.run(`by-${maker}`, String(i).repeat(64), maker);
    db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('then', 'ann', 'person', '127.0.0.1', 'personAdded', 'cy', '{}')`,
    ).run();

    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 12),
      ),
    ).toEqual([12]);
    expect(db.prepare('SELECT name, revoked_by FROM api_tokens ORDER BY name').all()).toEqual([
      { name: 'by-ann', revoked_by: null },
      { name: 'by-bob', revoked_by: 'migration 12' },
      { name: 'by-cy', revoked_by: 'migration 12' },
      { name: 'by-gone', revoked_by: 'migration 12' },
    ]);
    expect(db.prepare("SELECT revoked_at FROM api_tokens WHERE name = 'by-bob'").pluck().get()).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(db.prepare('SELECT actor, action, subject FROM access_audit').all()).toEqual([
      { actor: 'ann', action: 'personAdded', subject: 'cy' },
    ]);
    const change = db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('now', 'ann', 'person', NULL, ?, '3', '{}')`,
    );
    change.run('webhookSecretChanged');
    expect(() => change.run('webhookStolen')).toThrow(/CHECK/);
    db.close();
  });
  it("13 keeps the audit, lets it keep the factors' changes, and counts sessions from before as signed in", () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 13),
    );
    db.prepare(
      `INSERT INTO accounts (name, password_hash, role, districts, disabled, must_change_password, created_at,
         password_changed_at) VALUES ('ann', '$argon2id$x', 'admin', '[]', 0, 0, 'then', 'then')`,
    ).run();
    db.prepare(
      `INSERT INTO sessions (id_hash, account, csrf_token, created_at, idle_expires_at, absolute_expires_at, address)
       VALUES (?, 'ann', 'csrf', '2099-01-01T00:00:00.000Z', 'later', 'later', '127.0.0.1')`,
    ).run('a'.repeat(64));
    db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('then', 'ann', 'person', '127.0.0.1', 'personAdded', 'cy', '{}')`,
    ).run();

    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 13),
      ),
    ).toEqual([13]);
    expect(db.prepare('SELECT second_factor, step_up_at FROM sessions').get()).toEqual({
      second_factor: 'done',
      step_up_at: '2099-01-01T00:00:00.000Z',
    });
    expect(db.prepare('SELECT action FROM access_audit').pluck().all()).toEqual(['personAdded']);
    db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('now', 'ann', 'person', NULL, 'factorPolicyChanged', 'factorPolicy', '{}')`,
    ).run();
    const app = db.prepare(`INSERT INTO totp_factors (account, secret, created_at) VALUES ('ann', ?, 'now')`);
    expect(() => app.run('in clear')).toThrow(/CHECK/);
    app.run('v1.0badc0de.x.y.z');
    db.prepare('DELETE FROM accounts').run();
    expect(db.prepare('SELECT count(*) FROM totp_factors').pluck().get()).toBe(0);
    db.close();
  });

  it('14 keeps the access audit and lets it record the service promise', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 14),
    );
    const change = db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('then', 'ann', 'person', NULL, ?, 'x', '{}')`,
    );
    change.run('personAdded');

    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 14),
      ),
    ).toEqual([14]);
    change.run('servicePromiseChanged');
    expect(() => change.run('promiseStolen')).toThrow(/CHECK/);
    expect(db.prepare('SELECT action FROM access_audit ORDER BY id').pluck().all()).toEqual([
      'personAdded',
      'servicePromiseChanged',
    ]);
    db.close();
  });

  it('15 keeps one report per solved challenge, of a known kind and district, its text at most 500 characters', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    migrate(db);
    const report = db.prepare(
      `INSERT INTO problem_reports (machine_id, district, kind, text, challenge, state, created_at)
       VALUES ('RVM-1', ?, ?, ?, ?, 'open', 'now')`,
    );
    report.run('KWUN TONG', 'fullShownWithRoom', 'x'.repeat(500), 'a'.repeat(64));
    expect(() => report.run('KWUN TONG', 'other', '', 'a'.repeat(64))).toThrow(/UNIQUE/);
    expect(() => report.run('KWUN TONG', 'other', 'x'.repeat(501), 'b'.repeat(64))).toThrow(/CHECK/);
    expect(() => report.run('KWUN TONG', 'jammed', '', 'c'.repeat(64))).toThrow(/CHECK/);
    expect(() => report.run('NOWHERE', 'other', '', 'd'.repeat(64))).toThrow(/CHECK/);
    db.close();
  });

  it("16 keeps the audit and its passkeys' acts, and a person's passkeys go with them", () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 16),
    );
    const change = db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('then', 'ann', 'person', NULL, ?, 'ann', '{}')`,
    );
    change.run('totpEnrolled');
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 16),
      ),
    ).toEqual([16]);
    change.run('passkeyAdded');
    change.run('passkeyRemoved');
    expect(db.prepare('SELECT action FROM access_audit ORDER BY id').pluck().all()).toEqual([
      'totpEnrolled',
      'passkeyAdded',
      'passkeyRemoved',
    ]);
    db.prepare(
      `INSERT INTO accounts (name, password_hash, role, districts, disabled, must_change_password, created_at,
         password_changed_at) VALUES ('ann', '$argon2id$x', 'admin', '[]', 0, 0, 'then', 'then')`,
    ).run();
    const passkey = db.prepare(
      `INSERT INTO passkeys (id, account, name, public_key, counter, transports, created_at)
       VALUES (?, 'ann', ?, 'pQECAyYgAS', 0, '["internal"]', 'now')`,
    );
    passkey.run('A'.repeat(22), 'Laptop');
    expect(() => passkey.run('not base64url!'.repeat(2), 'Phone')).toThrow(/CHECK/);
    expect(() => passkey.run('B'.repeat(22), '')).toThrow(/CHECK/);
    db.prepare('DELETE FROM accounts').run();
    expect(db.prepare('SELECT count(*) FROM passkeys').pluck().get()).toBe(0);
    db.close();
  });

  it('17 keeps the reports, alerts and deliveries, and lets reports close and rules watch reports of full', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 17),
    );
    db.prepare(
      `INSERT INTO problem_reports (machine_id, district, kind, text, challenge, state, created_at)
       VALUES ('RVM-1', 'KWUN TONG', 'other', 'kept', ?, 'open', 'then')`,
    ).run('a'.repeat(64));
    db.exec(`
      INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
        VALUES ('machineFull', 60, NULL, 1, 'then', 'then');
      INSERT INTO alerts (rule_id, kind, subject, machine_id, district, minutes, since, opened_at)
        VALUES (1, 'machineFull', 'machine:RVM-1', 'RVM-1', 'KWUN TONG', 60, 'then', 'then');
      INSERT INTO webhooks (url, secret, description, enabled, created_at)
        VALUES ('https://hooks.example/x', 'sixteen characters', '', 1, 'then');
      INSERT INTO webhook_deliveries (id, webhook_id, alert_id, event, body, state, created_at)
        VALUES ('d1', 1, 1, 'alert.opened', '{}', 'pending', 'then');`);

    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 17),
      ),
    ).toEqual([17]);
    expect(db.prepare('SELECT id, text, state, note FROM problem_reports').all()).toEqual([
      { id: 1, text: 'kept', state: 'open', note: null },
    ]);
    expect(db.prepare('SELECT alert_id FROM webhook_deliveries').pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT rule_id FROM alerts').pluck().all()).toEqual([1]);
    const close = db.prepare(
      "UPDATE problem_reports SET state = ?, note = ?, closed_at = 'now', closed_by = 'ann', closed_by_kind = 'person'",
    );
    expect(() => close.run('fixed', 'x')).toThrow(/CHECK/);
    expect(() => close.run('resolved', null)).toThrow(/CHECK/);
    close.run('resolved', 'Emptied');
    db.prepare(
      `INSERT INTO alert_rules (kind, minutes, district, enabled, created_at, updated_at)
       VALUES ('reportedFull', 30, NULL, 1, 'now', 'now')`,
    ).run();
    db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('now', 'ann', 'person', NULL, 'reportsResolved', 'RVM-1', '{}')`,
    ).run();
    // The foreign keys hold as before: deleting the alert deletes its delivery.
    db.prepare('DELETE FROM alerts').run();
    expect(db.prepare('SELECT count(*) FROM webhook_deliveries').pluck().get()).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });

  it('19 makes the service episodes from the history already kept, as episodesOf does', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 19),
    );
    const entry = db.prepare(
      `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated,
         last_emptied_at) VALUES (?, ?, ?, 0, 0, ?, ?)`,
    );
    entry.run('RVM-1', '2026-11-01T00:00:00.000Z', 'Full', 0, null);
    entry.run('RVM-1', '2026-11-01T02:00:00.000Z', '>40%', 0, '2026-11-01T01:00:00.000Z');
    entry.run('RVM-1', '2026-11-01T01:30:00.000Z', '<=20%', 0, null);
    entry.run('RVM-2', '2026-11-02T00:00:00.000Z', '<=5%', 0, null);
    entry.run('RVM-2', '2026-11-02T03:00:00.000Z', '<=5%', 1, null);
    entry.run('RVM-3', '2026-11-03T00:00:00.000Z', 'Full', 0, null);

    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 19),
      ),
    ).toEqual([19]);
    expect(
      db.prepare('SELECT machine_id, kind, from_at, to_at, ended FROM service_episodes ORDER BY id').raw().all(),
    ).toEqual([
      ['RVM-1', 'full', '2026-11-01T00:00:00.000Z', '2026-11-01T01:30:00.000Z', 'emptied'],
      ['RVM-1', 'nearlyFull', '2026-11-01T00:00:00.000Z', '2026-11-01T01:30:00.000Z', 'emptied'],
      ['RVM-2', 'nearlyFull', '2026-11-02T00:00:00.000Z', '2026-11-02T03:00:00.000Z', 'deactivated'],
      ['RVM-3', 'full', '2026-11-03T00:00:00.000Z', null, 'open'],
      ['RVM-3', 'nearlyFull', '2026-11-03T00:00:00.000Z', null, 'open'],
    ]);
    db.close();
  });

  // Each remaking of the audit writes today's actions: 20 is for databases whose last remaking came before the rename.
  it('20 keeps the access audit and lets it hold a passkey renamed', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 20),
    );
    const change = db.prepare(
      `INSERT INTO access_audit (at, actor, actor_kind, address, action, subject, detail)
       VALUES ('then', 'ann', 'person', NULL, ?, 'ann', '{}')`,
    );
    change.run('passkeyAdded');
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 20),
      ),
    ).toEqual([20]);
    change.run('passkeyRenamed');
    expect(db.prepare('SELECT id, action FROM access_audit ORDER BY id').raw().all()).toEqual([
      [1, 'passkeyAdded'],
      [2, 'passkeyRenamed'],
    ]);
    expect(() => change.run('notAnAction')).toThrow(/CHECK/);
    db.close();
  });

  it('21 lets a month’s figures read a covering range of the episodes, no row', () => {
    dir = makeTempDir();
    const db = new Database(path.join(dir, 'db.sqlite'));
    expect(migrate(db, MIGRATIONS)).toContain(21);
    const cte = monthEpisodesCte(SQLITE_TALLY_DIALECT, '');
    const plan = (sql: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ from: 'a', to: 'b', nowMs: 0, limitMs: 0 }) as {
          detail: string;
        }[]
      )
        .map((row) => row.detail)
        .join('\n');
    for (const sql of [tallyDaysSql(SQLITE_TALLY_DIALECT), tallyFailuresSql(SQLITE_TALLY_DIALECT)]) {
      expect(plan(`${cte} ${sql}`)).toMatch(
        /SEARCH e USING COVERING INDEX service_episodes_kind_from \(kind=\? AND from_at>\? AND from_at<\?\)/,
      );
    }
    db.close();
  });
});
