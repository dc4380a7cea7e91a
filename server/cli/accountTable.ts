import type { Account } from '../accounts/account';

const COLUMNS = ['name', 'role', 'districts', 'state', 'created', 'last sign-in'] as const;

/** A minute is precise enough for a person reading the list; the database keeps the milliseconds. */
const minute = (iso: string | null): string => (iso === null ? 'never' : `${iso.slice(0, 16).replace('T', ' ')} UTC`);

function stateOf(account: Account): string {
  if (account.disabled) return 'disabled';
  return account.mustChangePassword ? 'must change password' : 'active';
}

/** The accounts as a plain table, a column per field, for `npm run user -- list`. */
export function formatAccounts(accounts: readonly Account[]): string {
  if (accounts.length === 0) return 'no accounts yet: add one with npm run user -- add NAME --role admin';
  const rows = accounts.map((account) => [
    account.name,
    account.role,
    account.districts.length === 0 ? 'all' : account.districts.join(', '),
    stateOf(account),
    minute(account.createdAt),
    minute(account.lastSignInAt),
  ]);
  const table = [[...COLUMNS], ...rows];
  const widths = COLUMNS.map((_, column) => Math.max(...table.map((row) => [...row[column]!].length)));
  return table
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
