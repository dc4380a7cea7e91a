import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { passwordMatches } from '../../server/accounts/passwordHash';
import { openEngine } from '../../server/db/openEngine';
import type { ServerConfig } from '../../server/config';
import type { Engine } from '../../server/db/engine';
import { builtServerFile } from '../../scripts/build/serverBuild';
import { makeTempDir, runServerCommand, testDatabaseConfig } from './helpers';

let dir: string;
let config: ServerConfig;
let drop: () => Promise<void>;
let env: Record<string, string>;

beforeAll(async () => {
  dir = makeTempDir();
  ({ config, drop } = await testDatabaseConfig(dir));
  env = {
    RVM_DB: config.dbPath,
    RVM_FILES: config.filesDir,
    RVM_DATABASE_URL: config.databaseUrl ?? '',
    RVM_ADMIN_TOKEN: '',
  };
});
afterAll(async () => {
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const user = (args: string[], input?: string) => runServerCommand('user', args, env, input);

/** The account as the database holds it, read as the server would. */
async function stored(name: string) {
  const engine = await openEngine(config, 'command');
  try {
    return await engine.accounts.get(name);
  } finally {
    await engine.close();
  }
}

describe('npm run user', () => {
  it('starts with no account, and says how to add one', async () => {
    const listed = await user(['list']);
    expect(listed).toMatchObject({ code: 0, stdout: expect.stringMatching(/no accounts yet: add one with/) });
  });

  it('adds an admin, its password read from standard input and stored as an argon2id hash', async () => {
    const added = await user(['add', 'Ann.Chan', '--role', 'admin'], 'a long passphrase 1\n');
    expect(added).toMatchObject({ code: 0, stdout: 'added ann.chan: admin, every district\n', stderr: '' });
    const account = await stored('ann.chan');
    expect(account).toMatchObject({ role: 'admin', districts: [], disabled: false, mustChangePassword: false });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await passwordMatches(account!.passwordHash, 'a long passphrase 1')).toBe(true);
  });

  it('adds an operator limited to districts, and a viewer who must change the password given', async () => {
    expect(
      await user(['add', 'op', '--role', 'operator', '--districts', 'sha tin, Tai Po'], 'operator password\r\n'),
    ).toMatchObject({ code: 0, stdout: 'added op: operator, TAI PO, SHA TIN\n' });
    expect(await user(['add', 'vi', '--role', 'viewer', '--must-change-password'], 'temporary password')).toMatchObject(
      { code: 0 },
    );
    expect(await stored('op')).toMatchObject({ districts: ['TAI PO', 'SHA TIN'] });
    expect(await stored('vi')).toMatchObject({ mustChangePassword: true });
  });

  it('lists every account', async () => {
    const { code, stdout } = await user(['list']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^name\s+role\s+districts\s+state\s+created\s+last sign-in$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 4))).toEqual([
      ['ann.chan', 'admin', 'all', 'active'],
      ['op', 'operator', 'TAI PO, SHA TIN', 'active'],
      ['vi', 'viewer', 'all', 'must change password'],
    ]);
  });

  it.each([
    [['add', 'ann.chan', '--role', 'admin'], 'another password', /ann\.chan: there is already an account of that name/],
    [['add', 'short', '--role', 'admin'], 'too short', /at least 12 characters/],
    [['add', 'short', '--role', 'admin'], ' '.repeat(12), /at least 12 characters that show/],
    [['add', 'short', '--role', 'admin'], '\u200B'.repeat(12), /no invisible or direction-changing characters/],
    [['add', 'short', '--role', 'admin'], '\u202Eabcdefghijkl', /no invisible or direction-changing characters/],
    [['passwd', 'nobody'], 'a long passphrase 1', /nobody: no such account/],
    [['add', 'аnn.chan', '--role', 'admin'], 'a long passphrase 1', /letters a-z and digits/],
    [['add', '0P', '--role', 'viewer'], 'a long passphrase 1', /0p: looks like the account op .*choose another name/],
  ])('refuses %j with a message and exit code 1, changing nothing', async (args, input, message) => {
    const result = await user(args, input);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(message);
    expect(await stored('short')).toBeNull();
    if (args[0] === 'add' && args[1] !== 'ann.chan') expect(await stored(args[1]!.toLowerCase())).toBeNull();
  });

  it('answers a mistake in its arguments with the usage and exit code 2, and its help and version', async () => {
    // The arguments' rules are tested beside them (server/cli/userArgs.test.ts); this is the process's answer.
    const mistaken = await user(['add', 'x', '--rol', 'admin']);
    expect(mistaken.code).toBe(2);
    expect(mistaken.stderr).toMatch(/^Unknown option '--rol'.*\n\nusage: npm run user -- COMMAND/s);
    expect(await user(['--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^usage: npm run user/) });
    const versionAnswer = await user(['-v']);
    expect(versionAnswer.code).toBe(0);
    expect(versionAnswer.stdout).toMatch(
      new RegExp(`^rvm-locator ${version.replaceAll('.', '\\.')} \\(commit [0-9a-f]{7}(\\+changes)?, Node v`),
    );
  });

  it('changes a password, a role and districts, and disables and enables', async () => {
    expect(await user(['passwd', 'OP', '--must-change-password'], 'a new operator password')).toMatchObject({
      code: 0,
      stdout: 'op: password changed; its sessions ended\n',
    });
    const op = await stored('op');
    expect(await passwordMatches(op!.passwordHash, 'a new operator password')).toBe(true);
    expect(op!.mustChangePassword).toBe(true);

    expect(await user(['role', 'vi', 'operator', '--districts', 'islands'])).toMatchObject({
      code: 0,
      stdout: 'vi: operator, ISLANDS\n',
    });
    expect(await user(['districts', 'vi', 'all'])).toMatchObject({ stdout: 'vi: every district\n' });
    expect(await user(['role', 'op', 'admin'])).toMatchObject({ stdout: 'op: admin, every district\n' });
    expect(await stored('op')).toMatchObject({ role: 'admin', districts: [] });
    expect(await user(['districts', 'op', 'SHA TIN'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/an admin reaches/),
    });

    expect(await user(['disable', 'vi'])).toMatchObject({ code: 0, stdout: 'vi: disabled; its sessions ended\n' });
    expect(await stored('vi')).toMatchObject({ disabled: true });
    expect(await user(['enable', 'vi'])).toMatchObject({ code: 0, stdout: 'vi: enabled\n' });
    expect(await stored('vi')).toMatchObject({ disabled: false });
  });

  it('on a terminal asks twice without echo, and never shows the password', async () => {
    const { code, output } = await typeOnTerminal(
      ['add', 'tty.user', '--role', 'viewer'],
      ['hidden passphrase 42\r', 'hidden passphrase 42\r'],
    );
    expect(output).toMatch(/New password for tty\.user: /);
    expect(output).toMatch(/The same password again: /);
    expect(output).not.toMatch(/hidden passphrase/);
    expect(code).toBe(0);
    expect(await passwordMatches((await stored('tty.user'))!.passwordHash, 'hidden passphrase 42')).toBe(true);
  });

  it('on a terminal changes nothing when the two passwords differ', async () => {
    const { code, output } = await typeOnTerminal(
      ['add', 'tty.two', '--role', 'viewer'],
      ['hidden passphrase 42\r', 'hidden passphrase 43\r'],
    );
    expect(code).toBe(1);
    expect(output).toMatch(/the two passwords differ; nothing was changed/);
    expect(await stored('tty.two')).toBeNull();
  });
});

/** The database as the server would read it, for one look. */
async function withEngine<T>(look: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await openEngine(config, 'command');
  try {
    return await look(engine);
  } finally {
    await engine.close();
  }
}

describe('npm run user, keeping the console safe (issue 63)', () => {
  it('refuses to leave no active admin, with a message and exit code 1, changing nothing', async () => {
    expect(await user(['disable', 'op'])).toMatchObject({ code: 0, stdout: 'op: disabled; its sessions ended\n' });
    for (const args of [
      ['role', 'ann.chan', 'viewer'],
      ['disable', 'ann.chan'],
    ]) {
      const refused = await user(args);
      expect(refused).toMatchObject({ code: 1, stdout: '' });
      expect(refused.stderr).toMatch(/^the last active admin cannot be disabled or given another role: make another/);
    }
    expect(await stored('ann.chan')).toMatchObject({ role: 'admin', disabled: false });
    expect(await user(['enable', 'op'])).toMatchObject({ code: 0 });
  });

  it('revokes the tokens an admin made when the command takes their role', async () => {
    const id = await withEngine(async (engine) => {
      const at = new Date().toISOString();
      const made = await engine.tokens.add({
        name: 'op-controller',
        secretHash: 'a'.repeat(64),
        hint: 'rvm_aaaa',
        role: 'operator',
        districts: [],
        createdBy: 'op',
        createdAt: at,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      return made!.id;
    });
    expect(await user(['role', 'op', 'viewer'])).toMatchObject({
      code: 0,
      stdout: 'op: viewer, every district; 1 API token it made revoked\n',
    });
    const token = await withEngine(async (engine) => (await engine.tokens.list()).find((t) => t.id === id));
    expect(token).toMatchObject({ revokedBy: expect.stringMatching(/^user command/) });
  });

  it('unlocks a name: every count of wrong passwords for it ends', async () => {
    const lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    await withEngine(async (engine) => {
      for (const key of ['account:vi', 'account:vi|address:192.0.2.1']) {
        await engine.sessions.recordFailure(key, () => ({
          failures: 20,
          windowStartedAt: new Date().toISOString(),
          lockedUntil,
        }));
      }
    });
    expect(await user(['unlock', 'VI'])).toMatchObject({
      code: 0,
      stdout: 'vi: unlocked; 2 counts of wrong passwords cleared\n',
    });
    expect(await withEngine((engine) => engine.sessions.throttle('account:vi'))).toBeNull();
    expect(await user(['unlock', 'nobody'])).toMatchObject({ code: 1, stderr: 'nobody: no such account\n' });
  });

  it("resets a person's second factors: the app, recovery codes and passkeys go, and the sessions end", async () => {
    const now = new Date().toISOString();
    await withEngine(async (engine) => {
      await engine.factors.beginTotp('vi', 'v1.0badc0de.iv.tag.sealed', now);
      await engine.factors.confirmTotp('vi', 1, now, [`${'1'.repeat(32)}$${'a'.repeat(64)}`]);
      const passkey = { account: 'vi', name: 'Laptop', publicKey: 'pQECAyYgAS', counter: 0, transports: [] };
      await engine.passkeys.add({ ...passkey, id: 'cGFzc2tleS1vZi12aQ', createdAt: now, lastUsedAt: null });
      const later = new Date(Date.now() + 3_600_000).toISOString();
      await engine.sessions.create({
        idHash: 'c'.repeat(64),
        account: 'vi',
        csrfToken: 'csrf',
        createdAt: now,
        idleExpiresAt: later,
        absoluteExpiresAt: later,
        address: '192.0.2.1',
        lastSeenAt: now,
        agent: '',
        secondFactor: 'done',
        stepUpAt: now,
      });
    });
    expect(await user(['reset-factors', 'vi'])).toMatchObject({
      code: 0,
      stdout: 'vi: second factors removed; its sessions ended\n',
    });
    expect(await withEngine((engine) => engine.factors.totp('vi'))).toBeNull();
    expect(await withEngine((engine) => engine.factors.recoveryCodes('vi'))).toEqual([]);
    expect(await withEngine((engine) => engine.passkeys.list('vi'))).toEqual([]);
    expect(await withEngine((engine) => engine.sessions.listFor('vi'))).toEqual([]);
    expect(await user(['reset-factors', 'vi'])).toMatchObject({
      stdout: 'vi: had no second factor; its sessions ended\n',
    });
  });

  it('keeps every change it made in the audit: the command and who ran it, no address, never a password', async () => {
    const changes = await withEngine((engine) => engine.accessAudit.latest(100));
    expect(changes.every((change) => change.actorKind === 'command' && change.address === null)).toBe(true);
    expect(changes.every((change) => /^user command/.test(change.actor))).toBe(true);
    expect(new Set(changes.map((change) => change.action))).toEqual(
      new Set([
        'personAdded',
        'passwordReset',
        'personChanged',
        'personDisabled',
        'personEnabled',
        'tokenRevoked',
        'personUnlocked',
        'factorsReset',
      ]),
    );
    expect(changes.find((change) => change.action === 'personChanged' && change.subject === 'op')).toMatchObject({
      detail: { role: { from: 'admin', to: 'viewer' } },
    });
    expect(JSON.stringify(changes)).not.toMatch(/passphrase|password 1/);
  });
});

/**
 * The command on a pseudo-terminal (util-linux `script`), each line typed only once the command has asked for it, as
 * a person types: a line sent earlier would be echoed by the terminal before the command turned its echo off.
 */
function typeOnTerminal(args: string[], lines: string[]): Promise<{ code: number | null; output: string }> {
  const quoted = [process.execPath, builtServerFile('user'), ...args].map((w) => `'${w.replaceAll("'", "'\\''")}'`);
  const child = spawn('script', ['--quiet', '--return', '--command', quoted.join(' '), '/dev/null'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
  });
  let output = '';
  let prompts = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const asked = (output.match(/password[^:\n]*: /gi) ?? []).length;
    while (prompts < asked && prompts < lines.length) child.stdin.write(lines[prompts++]!);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
