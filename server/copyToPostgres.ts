/**
 * Copies the SQLite database (RVM_DB) and its photos (RVM_FILES) into the empty PostgreSQL database RVM_DATABASE_URL
 * names: machines, photos, the status and import audits, the feed's history, the meta entries, the console's accounts
 * (not their sessions nor failed sign-ins: people sign in again), the API tokens and the audit of changes to them.
 *   npm run copy-to-postgres
 * Stop the server first: what it writes meanwhile would not be copied. A target that holds anything is refused.
 * On a terminal a line shows how far it is; the last line sums it up.
 */
import { readCommandLine, USAGE_EXIT_CODE, type CommandDescription } from './cli/commandLine';
import { Progress } from './cli/progress';
import { loadConfig } from './config';
import { COMMAND_LOCK_TIMEOUT_MS, PgEngine } from './db/pg/engine';
import { copySqliteToPostgres } from './db/pg/copyFromSqlite';
import { readSqliteTables } from './db/sqlite/readTables';
import { CopyError, rowsIn } from './db/sqliteTables';

const COMMAND = {
  invocation: 'npm run copy-to-postgres --',
  argumentsText: '',
  positionals: { min: 0, max: 0 },
  summary:
    'Copies the SQLite database (RVM_DB) and its photos (RVM_FILES) into the empty PostgreSQL database that\n' +
    'RVM_DATABASE_URL names, in one transaction: machines, photos, the audits, the history, the meta entries, the\n' +
    "console's accounts (not their sessions), the API tokens and the alerts.\n" +
    'Stop the server first: what it writes meanwhile would not be copied. A target holding anything is refused.',
  environment: [
    'RVM_DB  the SQLite file to copy (default data/rvm.sqlite)',
    'RVM_FILES  its photos (default data/files)',
    'RVM_DATABASE_URL  postgres://…: the empty target (required)',
  ],
  exitCodes: ['0  copied', '1  refused or failed (the reason on stderr)', '2  wrong usage, or no RVM_DATABASE_URL'],
} as const satisfies CommandDescription;

async function main(argv: readonly string[]): Promise<number> {
  const commandLine = readCommandLine(COMMAND, argv);
  if (!commandLine.run) return commandLine.exitCode;
  const config = loadConfig(process.env);
  if (config.databaseUrl === null) {
    console.error('RVM_DATABASE_URL is not set: name the empty PostgreSQL database to copy into.');
    return USAGE_EXIT_CODE;
  }
  const target = await PgEngine.open(config.databaseUrl, { poolMax: 2, lockTimeoutMs: COMMAND_LOCK_TIMEOUT_MS });
  const progress = new Progress(process.stderr);
  try {
    const tables = await readSqliteTables(config.dbPath);
    const copied = await copySqliteToPostgres(tables, config.filesDir, target, progress);
    progress.end();
    console.log(
      `${config.dbPath} → PostgreSQL: ${copied.machines} machines, ${copied.photos} photo(s), ` +
        `${copied.statusAudit} status update(s) and ${copied.importAudit} import(s) in the audit, ` +
        `${copied.history} history entr${copied.history === 1 ? 'y' : 'ies'}, ${copied.accounts} account(s), ` +
        `${copied.totpFactors} authenticator app(s), ${copied.apiTokens} API token(s), ` +
        `${copied.accessAudit} access audit entr${copied.accessAudit === 1 ? 'y' : 'ies'}, ` +
        `${copied.alertRules} alert rule(s), ${copied.alerts} alert(s), ${copied.webhooks} webhook(s), ` +
        `${copied.deliveries} deliver${copied.deliveries === 1 ? 'y' : 'ies'} and ` +
        `${copied.problemReports} problem report(s) ` +
        progress.took(rowsIn(tables), 'rows'),
    );
    return 0;
  } finally {
    progress.end();
    await target.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof CopyError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : error,
    );
    process.exit(1);
  },
);
