import { parseArgs } from 'node:util';
import type { District } from '../../shared/contract/machine';
import { isRole, parseDistrictList, ROLES, type Role } from '../accounts/account';

export const USER_USAGE = `usage: npm run user -- COMMAND [options]

  add NAME --role ROLE [--districts "SHA TIN,TAI PO"] [--must-change-password]
                       a new account; its password is asked for (twice, without echo)
  list                 every account: role, districts, state, last sign-in
  passwd NAME [--must-change-password]
                       a new password; the account's sessions end
  role NAME ROLE [--districts "..."]
                       a new role (an admin reaches every district)
  districts NAME "SHA TIN,TAI PO"|all
                       the districts an operator or viewer sees and changes
  disable NAME         the account can no longer sign in; its sessions end at once
  enable NAME          it can again
  unlock NAME          ends the locks wrong passwords put on the name, from every address
  reset-factors NAME   removes the person's authenticator app and recovery codes; their sessions end
                       (for an admin locked out with the phone lost: the policy asks them to enrol again)

Every change is kept in the audit, under "user command" and the system account that ran it.
The last active admin cannot be disabled or given another role. Disabling an admin, or giving
them another role, revokes the API tokens they made.

ROLE is ${ROLES.join(', ')}: admin may do everything; operator changes machines, stores photos and
imports; viewer reads the console. Without a terminal the password is the first line of standard
input. The database is the server's (RVM_DB or RVM_DATABASE_URL).

options:
  -h, --help       this text
  -v, --version    the version`;

/** What `npm run user` was asked to do, its arguments checked. */
export type UserRequest =
  | { command: 'help' | 'version' | 'list' }
  | { command: 'add'; name: string; role: Role; districts: District[]; mustChangePassword: boolean }
  | { command: 'passwd'; name: string; mustChangePassword: boolean }
  | { command: 'role'; name: string; role: Role; districts: District[] | undefined }
  | { command: 'districts'; name: string; districts: District[] }
  | { command: 'disable' | 'enable' | 'unlock' | 'reset-factors'; name: string };

/** A mistake in how the command was called: said with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const OPTIONS = {
  role: { type: 'string' },
  districts: { type: 'string' },
  'must-change-password': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** The options each command reads; any other given is a mistake, not something to ignore. */
const OPTIONS_OF: Record<string, readonly string[]> = {
  add: ['role', 'districts', 'must-change-password'],
  passwd: ['must-change-password'],
  role: ['districts'],
};

/** How each command is called, and how many words it takes after its name. */
const SHAPES: Record<string, [string, number]> = {
  add: ['add NAME --role ROLE [--districts "..."] [--must-change-password]', 1],
  list: ['list', 0],
  passwd: ['passwd NAME [--must-change-password]', 1],
  role: ['role NAME ROLE [--districts "..."]', 2],
  districts: ['districts NAME "SHA TIN,TAI PO"|all', 2],
  disable: ['disable NAME', 1],
  enable: ['enable NAME', 1],
  unlock: ['unlock NAME', 1],
  'reset-factors': ['reset-factors NAME', 1],
};

function roleOf(value: string | undefined): Role {
  if (value === undefined) throw new UsageError(`a role is needed: ${ROLES.join(', ')}`);
  if (!isRole(value)) throw new UsageError(`"${value}" is not a role: ${ROLES.join(', ')}`);
  return value;
}

/** "all" (or nothing) is every district. */
function districtsOf(text: string): District[] {
  if (text.trim().toLowerCase() === 'all') return [];
  const parsed = parseDistrictList(text);
  if ('unknown' in parsed) throw new UsageError(`not a district: ${parsed.unknown.join(', ')}`);
  return parsed.districts;
}

/** The command line after `npm run user --`, checked; a UsageError says what is wrong. */
export function parseUserArgs(argv: readonly string[]): UserRequest {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...words] = positionals;
  if (command === undefined) throw new UsageError('a command is needed');
  if (!Object.hasOwn(SHAPES, command)) throw new UsageError(`unknown command "${command}"`);
  const [shape, wanted] = SHAPES[command]!;
  const stray = Object.keys(values).filter((option) => !(OPTIONS_OF[command] ?? []).includes(option));
  if (stray.length > 0) throw new UsageError(`${command} takes no --${stray.join(', --')}`);
  if (words.length !== wanted) throw new UsageError(`usage: npm run user -- ${shape}`);
  const [name = '', second = ''] = words;
  const mustChangePassword = values['must-change-password'] ?? false;
  switch (command) {
    case 'add':
      return {
        command,
        name,
        role: roleOf(values.role),
        districts: values.districts === undefined ? [] : districtsOf(values.districts),
        mustChangePassword,
      };
    case 'passwd':
      return { command, name, mustChangePassword };
    case 'role':
      return {
        command,
        name,
        role: roleOf(second),
        districts: values.districts === undefined ? undefined : districtsOf(values.districts),
      };
    case 'districts':
      return { command, name, districts: districtsOf(second) };
    case 'disable':
    case 'enable':
    case 'unlock':
    case 'reset-factors':
      return { command, name };
    default:
      return { command: 'list' };
  }
}
