/**
 * The people who sign in to the console (/operator):
 * `npm run user -- add|list|passwd|role|districts|disable|enable|unlock|reset-factors` (cli/userArgs.ts says how). A password is
 * typed twice without echo on a terminal, or read from the first line of standard input. Every change is kept in the
 * audit of people and tokens, under the command and the system account that ran it.
 */
import os from 'node:os';
import type { Account } from './accounts/account';
import type { Actor } from './accounts/actor';
import { formatAccounts } from './cli/accountTable';
import { versionLine } from './cli/commandLine';
import { PasswordCancelled, readNewPassword } from './cli/readPassword';
import { parseUserArgs, USER_USAGE, UsageError, type UserRequest } from './cli/userArgs';
import { loadConfig } from './config';
import type { AccessAction } from './db/accessAudit';
import type { Engine } from './db/engine';
import { openEngine } from './db/openEngine';
import {
  AccountError,
  addAccount,
  availableName,
  changedFields,
  endTokensOf,
  existingAccount,
  setDisabled,
  setDistricts,
  setPassword,
  setRole,
  unlockAccount,
} from './auth/manageAccounts';

/** The audit's "who" for this command: the system account that ran it, when the system can tell. */
function commandActor(): Actor {
  const name = 'user command';
  try {
    return { kind: 'command', name: `${name} (${os.userInfo().username})`, address: null };
  } catch {
    return { kind: 'command', name, address: null };
  }
}

const reach = (account: Account): string =>
  `${account.role}, ${account.districts.length === 0 ? 'every district' : account.districts.join(', ')}`;

async function run(request: Exclude<UserRequest, { command: 'help' | 'version' }>, engine: Engine, actor: Actor) {
  const store = engine.accounts;
  const audit = (action: AccessAction, subject: string, detail: Record<string, unknown>) =>
    engine.accessAudit.record({
      at: new Date().toISOString(),
      actor: actor.name,
      actorKind: actor.kind,
      address: actor.address,
      action,
      subject,
      detail,
    });
  /** The tokens a person made end once they are disabled or no longer an admin (decision 0061). */
  const endTokens = async (account: Account) => {
    const reason = account.disabled ? 'makerDisabled' : 'makerNotAdmin';
    const ended = await endTokensOf(engine.tokens, account, actor.name, new Date().toISOString());
    for (const { id, name, role, districts, expiresAt } of ended) {
      await audit('tokenRevoked', name, { id, role, districts, expiresAt, reason });
    }
    return ended.length === 0 ? '' : `; ${ended.length} API token${ended.length === 1 ? '' : 's'} it made revoked`;
  };
  switch (request.command) {
    case 'list':
      return formatAccounts(await store.list());
    case 'add': {
      // The name is checked before the password is asked for.
      const password = await readNewPassword(await availableName(store, request.name));
      const account = await addAccount(store, { ...request, password });
      await audit('personAdded', account.name, { role: account.role, districts: account.districts });
      return `added ${account.name}: ${reach(account)}`;
    }
    case 'passwd': {
      const { name } = await existingAccount(store, request.name);
      await setPassword(store, name, await readNewPassword(name), request.mustChangePassword);
      await audit('passwordReset', name, { mustChangePassword: request.mustChangePassword });
      return `${name}: password changed; its sessions ended`;
    }
    case 'role': {
      const before = await existingAccount(store, request.name);
      const account = await setRole(store, request.name, request.role, request.districts);
      await audit('personChanged', account.name, changedFields(before, account));
      return `${account.name}: ${reach(account)}${before.role === 'admin' ? await endTokens(account) : ''}`;
    }
    case 'districts': {
      const before = await existingAccount(store, request.name);
      const account = await setDistricts(store, request.name, request.districts);
      await audit('personChanged', account.name, changedFields(before, account));
      return `${account.name}: ${account.districts.length === 0 ? 'every district' : account.districts.join(', ')}`;
    }
    case 'disable':
    case 'enable': {
      const before = await existingAccount(store, request.name);
      const account = await setDisabled(store, request.name, request.command === 'disable');
      if (before.disabled !== account.disabled) {
        await audit(
          account.disabled ? 'personDisabled' : 'personEnabled',
          account.name,
          changedFields(before, account),
        );
      }
      if (!account.disabled) return `${account.name}: enabled`;
      return `${account.name}: disabled; its sessions ended${before.role === 'admin' ? await endTokens(account) : ''}`;
    }
    case 'unlock': {
      const { name } = await existingAccount(store, request.name);
      const counts = await unlockAccount(store, engine.sessions, name);
      await audit('personUnlocked', name, { counts });
      return `${name}: unlocked; ${counts} count${counts === 1 ? '' : 's'} of wrong passwords cleared`;
    }
    case 'reset-factors': {
      const { name } = await existingAccount(store, request.name);
      const removed = await engine.factors.removeAll(name);
      await engine.sessions.deleteOthers(name, '');
      await audit('factorsReset', name, { removed });
      return `${name}: ${removed ? 'second factors removed' : 'had no second factor'}; its sessions ended`;
    }
  }
}

async function main(argv: string[]): Promise<number> {
  let request: UserRequest;
  try {
    request = parseUserArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USER_USAGE}`);
    return 2;
  }
  if (request.command === 'help' || request.command === 'version') {
    console.log(request.command === 'help' ? USER_USAGE : versionLine());
    return 0;
  }
  const engine = await openEngine(loadConfig(process.env), 'command');
  try {
    console.log(await run(request, engine, commandActor()));
    return 0;
  } catch (error) {
    if (!(error instanceof AccountError || error instanceof PasswordCancelled)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await engine.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exit(1);
  },
);
