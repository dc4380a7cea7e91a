import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { PgEngine } from '../../../server/db/pg/engine';
import { importMachinesFile } from '../../../server/importing/importRows';
import { addAccount } from '../../../server/auth/manageAccounts';
import { eventBody } from '../../../server/alerts/eventBody';
import {
  auth,
  FIXTURES,
  runServerCommand,
  runServerCommandOnTerminal,
  startSeededTestServer,
  testSql,
  type TestServer,
} from '../helpers';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';
import { addPerson, signIn, type Person } from '../people';

const runCopy = (env: Record<string, string>) => runServerCommand('copy-to-postgres', [], env);

let sqlite: TestServer;
let database: TestDatabase;
let admin: Person;
/** The secrets of a controller's API token and of a script's, revoked. */
let controller: string;
let revoked: string;

type App = TestServer['app'];
const send = (app: App, person: Person, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: body === undefined ? person.changing : { 'content-type': 'application/json', ...person.changing },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

beforeAll(async () => {
  // An SQLite deployment with a history: the demo data, an operator's updates (each also a history entry), an import
  // with a photo (an entry for each of its 3 machines).
  // No alert worker: the alerts written below stay as they are.
  sqlite = await startSeededTestServer({}, { alerting: false });
  for (const body of [{ status: 'Full' }, { under_maintenance: true, last_online: '2026-11-23T14:05:00+08:00' }]) {
    const response = await sqlite.app.inject({
      method: 'PATCH',
      url: '/api/operator/machines/RVM-002',
      headers: { 'content-type': 'application/json', ...auth() },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(200);
  }
  for (const name of ['good.csv', 'photos/rvm-001.png']) {
    fs.copyFileSync(path.join(FIXTURES, name), path.join(sqlite.dir, path.basename(name)));
  }
  expect(await importMachinesFile(path.join(sqlite.dir, 'good.csv'), sqlite.engine, 1024 * 1024)).toMatchObject({
    ok: true,
  });
  // And what following a feed leaves: a history entry and a fetched photo's mapping.
  await sqlite.sql.run(
    `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated, bin_count,
       bin_count_full_threshold, last_online, last_emptied_at, last_full)
     VALUES ('RVM-002', '2026-11-23T05:00:00.000Z', 'Full', 1, 1, 0, 12, 10, NULL, NULL, '2026-11-23T05:00:00.000Z')`,
  );
  const fileId = await sqlite.sql.value<string>('SELECT id FROM files ORDER BY id LIMIT 1');
  await sqlite.sql.run(
    'INSERT INTO feed_photos (feed_id, file_id, fetched_at) VALUES (?, ?, ?)',
    'upstream-1.png',
    fileId,
    '2026-11-23T05:00:00.000Z',
  );
  // A hold an admin rejected, still keeping a machine, and the baseline it was measured against.
  await sqlite.sql.run(
    `INSERT INTO feed_holds (held_at, machine_ids, active, remaining, baseline, baseline_since, state, decided_at,
       decided_by, rejected_at, rejected_by, kept_ids)
     VALUES ('2026-11-23T05:00:00.000Z', '["RVM-003","RVM-004"]', 4, 2, 5, '2026-11-01T00:00:00.000Z', 'rejected',
       '2026-11-23T05:01:00.000Z', 'Alice Admin', '2026-11-23T05:01:00.000Z', 'Alice Admin', '["RVM-004"]')`,
  );
  await sqlite.sql.run(
    `INSERT INTO feed_hold_audit (hold_id, decision, machine_ids, at, actor, actor_kind, address)
     VALUES (1, 'rejected', '["RVM-003","RVM-004"]', '2026-11-23T05:01:00.000Z', 'Alice Admin', 'person', '192.0.2.7')`,
  );
  await sqlite.sql.run("INSERT INTO feed_baseline (only_row, active, since) VALUES (1, 5, '2026-11-01T00:00:00.000Z')");
  // And an account of the console.
  await addAccount(sqlite.engine.accounts, {
    name: 'op',
    password: 'operator password',
    role: 'operator',
    districts: ['SHA TIN', 'ISLANDS'],
    mustChangePassword: true,
  });
  await sqlite.engine.accounts.recordSignIn('op', '2026-11-23T05:00:00.000Z');
  // Its authenticator app (its secret sealed) and two recovery codes, one used.
  await sqlite.engine.factors.beginTotp('op', 'v1.0badc0de.iv.tag.sealed', '2026-11-23T05:00:00.000Z');
  await sqlite.engine.factors.confirmTotp('op', 59_000_000, '2026-11-23T05:00:01.000Z', [
    `${'1'.repeat(32)}$${'a'.repeat(64)}`,
    `${'2'.repeat(32)}$${'b'.repeat(64)}`,
  ]);
  await sqlite.engine.factors.useRecoveryCode('op', `${'2'.repeat(32)}$${'b'.repeat(64)}`, '2026-11-23T05:02:00.000Z');
  await sqlite.engine.passkeys.add({
    id: 'cGFzc2tleS1vZi1vcA',
    account: 'op',
    name: 'Laptop',
    publicKey: 'pQECAyYgASFYIA',
    counter: 7,
    transports: ['internal', 'hybrid'],
    createdAt: '2026-11-23T05:03:00.000Z',
    lastUsedAt: null,
  });
  // And an admin who adds a person and disables them, makes two API tokens and revokes one: 5 entries in the access
  // audit. The controller's token is used once.
  await addPerson(sqlite.engine, 'ada', 'admin');
  admin = await signIn(sqlite.app, 'ada');
  const asAdmin = async <T>(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> => {
    const response = await send(sqlite.app, admin, method, url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  type Made = { token: { id: number }; secret: string };
  await asAdmin('POST', '/api/operator/people', { name: 'cy', role: 'viewer' });
  await asAdmin('PATCH', '/api/operator/people/cy', { disabled: true });
  const districts = ['SHA TIN', 'ISLANDS'];
  controller = (
    await asAdmin<Made>('POST', '/api/operator/tokens', { name: 'controller', role: 'operator', districts })
  ).secret;
  const script = await asAdmin<Made>('POST', '/api/operator/tokens', { name: 'script', role: 'viewer' });
  revoked = script.secret;
  await asAdmin('DELETE', `/api/operator/tokens/${script.token.id}`);
  const used = await sqlite.app.inject({ url: '/api/operator/machines', headers: bearer(controller) });
  expect(used.statusCode).toBe(200);
  // And the alerts: a rule, a webhook, an alert that opened and closed, and its two deliveries (one made).
  const alerts = sqlite.engine.alerts;
  const rule = await alerts.addRule(
    { kind: 'machineFull', minutes: 60, district: 'KOWLOON CITY', enabled: true },
    '2026-11-23T04:00:00.000Z',
  );
  await alerts.addRule(
    { kind: 'feedFailing', minutes: 15, district: null, enabled: false },
    '2026-11-23T04:00:00.000Z',
  );
  await alerts.addWebhook(
    { url: 'http://127.0.0.1:9/hook', description: 'ops', enabled: true },
    'a webhook secret of sixteen+',
    '2026-11-23T04:00:00.000Z',
  );
  const subject = { ruleId: rule.id, kind: 'machineFull', machineId: 'RVM-002', district: 'KOWLOON CITY' } as const;
  const watch = [
    { ...subject, subject: 'machine:RVM-002', minutes: 60, since: '2026-11-23T03:00:00.000Z', open: true },
  ];
  await alerts.applyChanges({ watch, open: [], close: [], forget: [] }, '2026-11-23T05:00:00.000Z', eventBody);
  const [opened] = await alerts.currentAlerts();
  const [made] = await alerts.deliveries(null, 1);
  await alerts.recordAttempt(made!.id, {
    state: 'delivered',
    nextAttemptAt: null,
    lastStatus: 204,
    lastError: null,
    at: '2026-11-23T05:00:01.000Z',
  });
  await alerts.applyChanges(
    { watch: [], open: [], close: [opened!.id], forget: [] },
    '2026-11-23T06:00:00.000Z',
    eventBody,
  );
  // And a visitor's problem report.
  await sqlite.engine.reports.add({
    machineId: 'RVM-002',
    district: 'KOWLOON CITY',
    kind: 'fullShownWithRoom',
    text: 'full <b>since</b> noon',
    challenge: 'c'.repeat(64),
    createdAt: '2026-11-23T05:30:00.000Z',
  });
  database = await createTestDatabase(inject('pgAdminUrl'));
}, 60_000);
afterAll(async () => {
  await sqlite?.close();
  await database?.drop();
});

const env = () => ({ RVM_DB: sqlite.config.dbPath, RVM_FILES: sqlite.config.filesDir, RVM_DATABASE_URL: database.url });

describe('npm run copy-to-postgres', () => {
  it('copies machines, photos, both audits, the history and the alert tables; a server on the copy answers the same list, ETag and photos', async () => {
    const copied = await runCopy(env());
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(
      /: 7 machines, 2 photo\(s\), 2 status update\(s\) and 1 import\(s\) in the audit, 6 history entries, 3 account\(s\), 1 authenticator app\(s\), 2 API token\(s\), 5 access audit entries, 2 alert rule\(s\), 1 alert\(s\), 1 webhook\(s\), 2 deliveries and 1 problem report\(s\) in [\d.]+ m?s \([\d,]+ rows\/s\)\n$/,
    );

    const target = await PgEngine.open(database.url, { poolMax: 2, lockTimeoutMs: 1_000 });
    const app = await buildApp({ ...sqlite.config, databaseUrl: database.url }, target);
    try {
      const [before, after] = await Promise.all(
        [sqlite.app, app].map((server) => server.inject({ method: 'POST', url: '/api/rvm/' })),
      );
      expect(after!.statusCode).toBe(200);
      expect(after!.body).toBe(before!.body);
      expect(after!.headers.etag).toBe(before!.headers.etag);

      for (const machine of after!.json().rvms as { picture?: { id: string } }[]) {
        if (!machine.picture) continue;
        const url = `/api/file/${machine.picture.id}`;
        const [original, copy] = await Promise.all([sqlite.app, app].map((server) => server.inject({ url })));
        expect(copy!.statusCode).toBe(200);
        expect(copy!.rawPayload.equals(original!.rawPayload)).toBe(true);
      }

      const pgSql = testSql(target);
      for (const query of [
        'SELECT * FROM machine_status_audit ORDER BY id',
        'SELECT * FROM machine_import_audit ORDER BY id',
        'SELECT * FROM files ORDER BY id',
        'SELECT * FROM meta ORDER BY key',
        'SELECT * FROM machines ORDER BY id',
        'SELECT * FROM machine_history ORDER BY id',
        'SELECT * FROM feed_photos ORDER BY feed_id',
        'SELECT * FROM feed_holds ORDER BY id',
        'SELECT * FROM feed_hold_audit ORDER BY id',
        'SELECT active, since FROM feed_baseline',
        `SELECT name, password_hash, role, disabled, must_change_password, created_at, last_sign_in_at,
           password_changed_at FROM accounts ORDER BY name`,
        'SELECT id, kind, minutes, district, created_at, updated_at FROM alert_rules ORDER BY id',
        'SELECT * FROM alerts ORDER BY id',
        'SELECT id, url, secret, description, created_at FROM webhooks ORDER BY id',
        'SELECT * FROM webhook_deliveries ORDER BY id',
        'SELECT * FROM problem_reports ORDER BY id',
      ]) {
        expect(await pgSql.all(query), query).toEqual(await sqlite.sql.all(query));
      }
      expect(await target.accounts.get('op')).toEqual(await sqlite.engine.accounts.get('op'));
      expect(await target.factors.totp('op')).toEqual(await sqlite.engine.factors.totp('op'));
      expect(await target.factors.totp('op')).toMatchObject({ confirmed: true, lastStep: 59_000_000 });
      expect(await target.factors.recoveryCodes('op')).toEqual(await sqlite.engine.factors.recoveryCodes('op'));
      expect(await target.passkeys.list('op')).toEqual(await sqlite.engine.passkeys.list('op'));
      expect(await target.passkeys.list('op')).toMatchObject([{ counter: 7, transports: ['internal', 'hybrid'] }]);
      expect(await target.feed.holdStatus()).toMatchObject({ held: null, kept: 1, baseline: { active: 5 } });
      expect(await target.alerts.listRules()).toEqual(await sqlite.engine.alerts.listRules());
      expect(await target.alerts.listWebhooks()).toEqual(await sqlite.engine.alerts.listWebhooks());
      expect(await target.alerts.closedAlerts(null, 10)).toEqual(await sqlite.engine.alerts.closedAlerts(null, 10));
      expect(await target.alerts.deliveries(null, 10)).toEqual(await sqlite.engine.alerts.deliveries(null, 10));
      expect(await pgSql.value('SELECT count(*)::int FROM webhook_deliveries WHERE state = $1', 'pending')).toBe(1);
      // New rules, alerts and webhooks continue after the copied ids.
      const next = await target.alerts.addRule(
        { kind: 'notReporting', minutes: 30, district: null, enabled: true },
        '2026-11-24T00:00:00.000Z',
      );
      expect(next.id).toBe(3);
      const report = { machineId: 'RVM-001', district: 'CENTRAL & WESTERN', kind: 'other', text: '' } as const;
      const added = await target.reports.add({
        ...report,
        challenge: 'd'.repeat(64),
        createdAt: '2026-11-24T00:00:00Z',
      });
      expect(added?.id).toBe(2);
      // New audit entries continue after the copied ones.
      await target.editMachine('RVM-001', { status: '>40%' }, { kind: 'token', name: 'test', address: null });
      expect(await pgSql.value('SELECT max(id) FROM machine_status_audit')).toBe(3);
    } finally {
      await app.close();
      await target.close();
    }
  });

  it("keeps the API tokens and the access audit: a controller's token still works, a revoked one does not, new ones follow", async () => {
    const target = await PgEngine.open(database.url, { poolMax: 2, lockTimeoutMs: 1_000 });
    const app = await buildApp({ ...sqlite.config, databaseUrl: database.url }, target);
    try {
      // The copy the first test made.
      const pgSql = testSql(target);
      for (const query of [
        `SELECT id, name, secret_hash, hint, role, created_by, created_at, expires_at, last_used_at, revoked_at,
           revoked_by FROM api_tokens ORDER BY id`,
        'SELECT id, at, actor, actor_kind, address, action, subject FROM access_audit ORDER BY id',
      ]) {
        expect(await pgSql.all(query), query).toEqual(await sqlite.sql.all(query));
      }
      // The admin signs in again (sessions are not copied) and sees the same tokens and audit of people and tokens.
      const again = await signIn(app, 'ada');
      const read = async <T>(server: App, person: Person, url: string) =>
        (await server.inject({ url, headers: person.reading })).json() as T;
      type Tokens = { tokens: { name: string; state: string }[] };
      type Changes = { changes: { actor: string; action: string; subject: string; detail: Record<string, unknown> }[] };
      const { tokens } = await read<Tokens>(app, again, '/api/operator/tokens');
      expect(tokens).toEqual((await read<Tokens>(sqlite.app, admin, '/api/operator/tokens')).tokens);
      expect(tokens.map(({ name, state }) => `${name} ${state}`)).toEqual(['script revoked', 'controller active']);
      const { changes } = await read<Changes>(app, again, '/api/operator/access-audit');
      expect(changes).toEqual((await read<Changes>(sqlite.app, admin, '/api/operator/access-audit')).changes);
      expect(changes.map(({ actor, action, subject }) => `${actor} ${action} ${subject}`)).toEqual([
        'ada tokenRevoked script',
        'ada tokenCreated script',
        'ada tokenCreated controller',
        'ada personDisabled cy',
        'ada personAdded cy',
      ]);
      expect(changes[2]!.detail).toMatchObject({ id: 1, role: 'operator', districts: ['SHA TIN', 'ISLANDS'] });

      // The controller calls as before the move, and sees what it saw; the revoked token is still refused.
      const machines = (server: App, secret: string) =>
        server.inject({ url: '/api/operator/machines', headers: bearer(secret) });
      const [before, after] = await Promise.all([machines(sqlite.app, controller), machines(app, controller)]);
      expect(after!.statusCode).toBe(200);
      expect(after!.json()).toEqual(before!.json());
      expect((await machines(app, revoked)).statusCode).toBe(401);

      // A token made on PostgreSQL takes the next id, as does its entry in the audit, and works.
      const made = await send(app, again, 'POST', '/api/operator/tokens', { name: 'new-controller', role: 'viewer' });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().token.id).toBe(3);
      expect(await pgSql.value('SELECT max(id) FROM access_audit')).toBe(6);
      expect((await machines(app, made.json().secret as string)).statusCode).toBe(200);
    } finally {
      await app.close();
      await target.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const target = await PgEngine.open(database.url, { poolMax: 1, lockTimeoutMs: 1_000 });
    try {
      const before = await target.listMachines();
      const again = await runCopy(env());
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^the PostgreSQL database is not empty \(machines has 7 rows\); nothing copied\n$/);
      expect(await target.listMachines()).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('on a terminal, shows the photos and then the rows as they are copied', async () => {
    const empty = await createTestDatabase(inject('pgAdminUrl'));
    try {
      const { code, output } = await runServerCommandOnTerminal('copy-to-postgres', [], {
        ...env(),
        RVM_DATABASE_URL: empty.url,
      });
      expect(code).toBe(0);
      expect(output).toContain('\rcopying photos: 0 / 2 photos');
      expect(output).toMatch(/\rcopying rows: 0 \/ \d+ rows/);
      expect(output).toMatch(/\r +\r.+: 7 machines, .+ rows\/s\)\r\n$/);
    } finally {
      await empty.drop();
    }
  });

  it('refuses without RVM_DATABASE_URL', async () => {
    const result = await runCopy({ ...env(), RVM_DATABASE_URL: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/RVM_DATABASE_URL is not set/);
  });
});
