/**
 * The people who sign in to the console (/operator): `npm run user -- add|list|passwd|role|districts|disable|enable`
 * (cli/userArgs.ts says how). A password is typed twice without echo on a terminal, or read from the first line of
 * standard input.
 */
import type { Account } from './accounts/account';
import { formatAccounts } from './cli/accountTable';
import { versionLine } from './cli/commandLine';
import { PasswordCancelled, readNewPassword } from './cli/readPassword';
import { parseUserArgs, USER_USAGE, UsageError, type UserRequest } from './cli/userArgs';
import { loadConfig } from './config';
import type { AccountStore } from './db/accountStore';
import { openEngine } from './db/openEngine';
import {
  AccountError,
  addAccount,
  availableName,
  existingAccount,
  setDisabled,
  setDistricts,
  setPassword,
  setRole,
} from './auth/manageAccounts';

const reach = (account: Account): string =>
  `${account.role}, ${account.districts.length === 0 ? 'every district' : account.districts.join(', ')}`;

async function run(request: Exclude<UserRequest, { command: 'help' | 'version' }>, store: AccountStore) {
  switch (request.command) {
    case 'list':
      return formatAccounts(await store.list());
    case 'add': {
      // The name is checked before the password is asked for.
      const password = await readNewPassword(await availableName(store, request.name));
      const account = await addAccount(store, { ...request, password });
      return `added ${account.name}: ${reach(account)}`;
    }
    case 'passwd': {
      const { name } = await existingAccount(store, request.name);
      await setPassword(store, name, await readNewPassword(name), request.mustChangePassword);
      return `${name}: password changed; its sessions ended`;
    }
    case 'role': {
      const account = await setRole(store, request.name, request.role, request.districts);
      return `${account.name}: ${reach(account)}`;
    }
    case 'districts': {
      const account = await setDistricts(store, request.name, request.districts);
      return `${account.name}: ${account.districts.length === 0 ? 'every district' : account.districts.join(', ')}`;
    }
    case 'disable':
    case 'enable': {
      const account = await setDisabled(store, request.name, request.command === 'disable');
      return account.disabled ? `${account.name}: disabled; its sessions ended` : `${account.name}: enabled`;
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
    console.log(await run(request, engine.accounts));
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
