/**
 * Backs up the SQLite database the server uses (RVM_DB) and its photos (RVM_FILES) into a folder, while the server
 * runs:
 *   npm run backup -- FOLDER
 * Writes FOLDER/rvm-<UTC time>.sqlite (never over an existing file) and copies the photos it names into
 * FOLDER/files/. With PostgreSQL (RVM_DATABASE_URL) use pg_dump instead: docs/deploy.md. On a terminal a line shows
 * how far it is; the last line sums it up.
 */
import fs from 'node:fs';
import { readCommandLine, USAGE_EXIT_CODE, type CommandDescription } from './cli/commandLine';
import { Progress } from './cli/progress';
import { loadConfig } from './config';
import { BackupError, backupSqlite } from './db/sqlite/backup';

const COMMAND = {
  invocation: 'npm run backup --',
  argumentsText: 'FOLDER',
  positionals: { min: 1, max: 1 },
  summary:
    'Backs up the SQLite database (RVM_DB) and its photos (RVM_FILES) into FOLDER while the server runs: one\n' +
    'consistent, checked copy named rvm-<UTC time>.sqlite (never over an existing file), and the photos it names\n' +
    'in FOLDER/files/ (only the new ones are copied). Deletes nothing. With PostgreSQL use pg_dump (docs/deploy.md).',
  environment: ['RVM_DB  the SQLite file (default data/rvm.sqlite)', 'RVM_FILES  its photos (default data/files)'],
  exitCodes: [
    '0  backed up',
    '1  failed, or a photo the database names is missing (the database copy is still written)',
    '2  wrong usage, or RVM_DATABASE_URL is set',
  ],
} as const satisfies CommandDescription;

async function main(argv: readonly string[]): Promise<number> {
  const commandLine = readCommandLine(COMMAND, argv);
  if (!commandLine.run) return commandLine.exitCode;
  const [folder = ''] = commandLine.positionals;
  if (process.env.RVM_DATABASE_URL?.trim()) {
    console.error('RVM_DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump (docs/deploy.md).');
    return USAGE_EXIT_CODE;
  }
  const config = loadConfig(process.env);
  const progress = new Progress(process.stderr);
  const result = await backupSqlite(config.dbPath, config.filesDir, folder, new Date(), progress).finally(() =>
    progress.end(),
  );
  console.log(
    `${config.dbPath} → ${result.file}: ${result.machines} machines, ${result.photos} photo(s) ` +
      `(${result.photosCopied} copied now) ${progress.took(fs.statSync(result.file).size, 'bytes')}`,
  );
  if (result.photosMissing.length > 0) {
    for (const id of result.photosMissing) console.error(`missing from ${config.filesDir}: ${id}`);
    console.error(`${result.photosMissing.length} photo(s) the database names are missing: the backup is incomplete`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof BackupError ? error.message : error instanceof Error ? `${error.name}: ${error.message}` : error,
    );
    process.exit(1);
  },
);
