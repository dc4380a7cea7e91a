import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAccount } from '../../server/accounts/account';
import { afterFailure } from '../../server/accounts/throttle';
import type { SessionRecord } from '../../server/db/accountStore';
import { makeTempDir, openTestEngine, type TestEngine } from './helpers';

let dir: string;
let test: TestEngine;

beforeAll(async () => {
  dir = makeTempDir();
  test = await openTestEngine(dir);
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
const account = (name: string, overrides: Partial<StoredAccount> = {}): StoredAccount => ({
  name,
  passwordHash: HASH,
  role: 'operator',
  districts: [],
  disabled: false,
  mustChangePassword: false,
  createdAt: '2026-11-28T08:00:00.000Z',
  lastSignInAt: null,
  passwordChangedAt: '2026-11-28T08:00:00.000Z',
  ...overrides,
});
const session = (idHash: string, name: string, overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  idHash,
  account: name,
  csrfToken: 'csrf-token',
  createdAt: '2026-11-28T08:00:00.000Z',
  idleExpiresAt: '2026-11-28T08:30:00.000Z',
  absoluteExpiresAt: '2026-11-28T20:00:00.000Z',
  address: '192.0.2.1',
  lastSeenAt: '2026-11-28T08:00:00.000Z',
  agent: 'Firefox 133 · Linux',
  secondFactor: 'done',
  stepUpAt: '2026-11-28T08:00:00.000Z',
  ...overrides,
});
const hex = (digit: string) => digit.repeat(64);

describe('the account store', () => {
  it('adds an account once, and reads it back whole', async () => {
    const ann = account('ann', { role: 'viewer', districts: ['SHA TIN', 'TAI PO'], mustChangePassword: true });
    expect(await test.engine.accounts.add(ann)).toBe(true);
    expect(await test.engine.accounts.add(account('ann', { role: 'admin' }))).toBe(false);
    expect(await test.engine.accounts.get('ann')).toEqual(ann);
    expect(await test.engine.accounts.get('nobody')).toBeNull();
  });

  it('lists accounts by name, without their hashes', async () => {
    await test.engine.accounts.add(account('zed'));
    await test.engine.accounts.add(account('bob', { role: 'admin' }));
    const listed = await test.engine.accounts.list();
    expect(listed.map((a) => a.name)).toEqual(['ann', 'bob', 'zed']);
    expect(listed.some((a) => 'passwordHash' in a)).toBe(false);
  });

  it('writes only the changes given, and records a sign-in', async () => {
    const changed = await test.engine.accounts.update('zed', { role: 'viewer', districts: ['ISLANDS'] });
    expect(changed).toMatchObject({ name: 'zed', role: 'viewer', districts: ['ISLANDS'], disabled: false });
    await test.engine.accounts.recordSignIn('zed', '2026-11-28T09:00:00.000Z');
    expect((await test.engine.accounts.get('zed'))?.lastSignInAt).toBe('2026-11-28T09:00:00.000Z');
    expect(await test.engine.accounts.update('nobody', { disabled: true })).toBeNull();
  });

  it('refuses a role it does not know, and an admin limited to districts', async () => {
    const sql = (role: string, districts: string) =>
      test.sql.run(
        `INSERT INTO accounts (name, password_hash, role, districts, created_at, password_changed_at)
         VALUES ('x', ?, ?, ${test.engine.kind === 'sqlite' ? '?' : '?::text[]'}, 'now', 'now')`,
        HASH,
        role,
        districts,
      );
    const none = test.engine.kind === 'sqlite' ? '[]' : '{}';
    const some = test.engine.kind === 'sqlite' ? '["SHA TIN"]' : '{"SHA TIN"}';
    await expect(sql('root', none)).rejects.toThrow(/check/i);
    await expect(sql('admin', some)).rejects.toThrow(/check/i);
  });
});

describe('the session store', () => {
  it('finds a session with its account, and touches and deletes it', async () => {
    await test.engine.sessions.create(session(hex('a'), 'ann'));
    const found = await test.engine.sessions.find(hex('a'));
    expect(found?.session).toEqual(session(hex('a'), 'ann'));
    expect(found?.account.name).toBe('ann');
    expect(found?.account.createdAt).toBe('2026-11-28T08:00:00.000Z');
    await test.engine.sessions.touch(hex('a'), '2026-11-28T08:45:00.000Z', '2026-11-28T08:15:00.000Z');
    expect((await test.engine.sessions.find(hex('a')))?.session).toMatchObject({
      idleExpiresAt: '2026-11-28T08:45:00.000Z',
      lastSeenAt: '2026-11-28T08:15:00.000Z',
    });
    await test.engine.sessions.delete(hex('a'));
    expect(await test.engine.sessions.find(hex('a'))).toBeNull();
  });

  it("ends an account's sessions with the change that asks for it, and only that account's", async () => {
    await test.engine.sessions.create(session(hex('b'), 'bob'));
    await test.engine.sessions.create(session(hex('c'), 'bob'));
    await test.engine.sessions.create(session(hex('d'), 'zed'));
    await test.engine.accounts.update('bob', { disabled: false });
    expect(await test.engine.sessions.find(hex('b'))).not.toBeNull();
    await test.engine.accounts.update('bob', { passwordHash: HASH.replace('aGFz', 'bGFz') }, { endSessions: true });
    expect(await test.engine.sessions.find(hex('b'))).toBeNull();
    expect(await test.engine.sessions.find(hex('c'))).toBeNull();
    expect(await test.engine.sessions.find(hex('d'))).not.toBeNull();
  });

  it("lists an account's sessions oldest first, and deletes all of them but one", async () => {
    await test.engine.sessions.create(session(hex('7'), 'ann', { createdAt: '2026-11-28T08:05:00.000Z' }));
    await test.engine.sessions.create(session(hex('8'), 'ann', { agent: '' }));
    await test.engine.sessions.create(session(hex('9'), 'zed'));
    const listed = await test.engine.sessions.listFor('ann');
    expect(listed).toEqual([
      session(hex('8'), 'ann', { agent: '' }),
      session(hex('7'), 'ann', { createdAt: '2026-11-28T08:05:00.000Z' }),
    ]);
    expect(await test.engine.sessions.deleteOthers('ann', hex('7'))).toBe(1);
    expect((await test.engine.sessions.listFor('ann')).map((s) => s.idHash)).toEqual([hex('7')]);
    expect(await test.engine.sessions.find(hex('9'))).not.toBeNull();
    await test.engine.sessions.delete(hex('7'));
    await test.engine.sessions.delete(hex('9'));
  });

  it('prunes expired sessions and forgotten failure counts', async () => {
    await test.engine.sessions.create(session(hex('e'), 'zed', { idleExpiresAt: '2026-11-28T10:00:00.000Z' }));
    await test.engine.sessions.create(session(hex('f'), 'zed', { absoluteExpiresAt: '2026-11-28T10:00:00.000Z' }));
    await test.engine.sessions.create(session(hex('0'), 'zed', { idleExpiresAt: '2026-11-28T11:00:00.000Z' }));
    const policy = { maxFailures: 2, windowMs: 60_000, lockMs: 2 * 60 * 60_000 };
    const old = new Date('2026-11-28T09:00:00.000Z');
    await test.engine.sessions.recordFailure('account:old', (state) => afterFailure(state, old, policy));
    await test.engine.sessions.recordFailure('account:locked', (state) => afterFailure(state, old, policy));
    await test.engine.sessions.recordFailure('account:locked', (state) => afterFailure(state, old, policy));

    const pruned = await test.engine.sessions.prune(
      new Date('2026-11-28T10:00:00.000Z'),
      new Date('2026-11-28T09:30:00.000Z'),
    );
    // d (idle 08:30), e, f are past an expiry at 10:00; the 'old' count is over and 'locked' stays locked until 11:00.
    expect(pruned).toBe(4);
    expect(await test.engine.sessions.find(hex('0'))).not.toBeNull();
    expect(await test.engine.sessions.throttle('account:old')).toBeNull();
    expect(await test.engine.sessions.throttle('account:locked')).toMatchObject({ failures: 2 });
  });

  it('counts failures from many requests at once without losing one, and clears a count', async () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    const policy = { maxFailures: 100, windowMs: 60_000, lockMs: 60_000 };
    await Promise.all(
      Array.from({ length: 12 }, () =>
        test.engine.sessions.recordFailure('address:192.0.2.9', (state) => afterFailure(state, now, policy)),
      ),
    );
    expect(await test.engine.sessions.throttle('address:192.0.2.9')).toEqual({
      failures: 12,
      windowStartedAt: now.toISOString(),
      lockedUntil: null,
    });
    await test.engine.sessions.clearFailures('address:192.0.2.9');
    expect(await test.engine.sessions.throttle('address:192.0.2.9')).toBeNull();
  });
});

describe('the audit after the accounts migration', () => {
  it('names the token for status entries and the command for imports made before it', async () => {
    await test.sql.run(
      `INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES ('RVM-1', '{}', '{}', 'then', 'abcd1234')`,
    );
    await test.sql.run(
      `INSERT INTO machine_import_audit (source, inserted, updated, photos, at, actor)
       VALUES ('x.csv', 1, 0, 0, 'then', 'npm run import')`,
    );
    expect(await test.sql.get('SELECT actor_kind, address FROM machine_status_audit')).toEqual({
      actor_kind: 'token',
      address: null,
    });
    expect(await test.sql.get('SELECT actor_kind, address FROM machine_import_audit')).toEqual({
      actor_kind: 'command',
      address: null,
    });
    await expect(
      test.sql.run(
        `INSERT INTO machine_status_audit (machine_id, before, after, at, actor, actor_kind) VALUES ('RVM-1', '{}', '{}', 'then', 'x', 'robot')`,
      ),
    ).rejects.toThrow(/check/i);
  });
});
