/**
 * Backs up the SQLite database the server uses (RVM_DB) and its photos (RVM_FILES) into a folder, while the server
 * runs:
 *   npm run backup -- FOLDER
 * Writes FOLDER/rvm-<UTC time>.sqlite (never over an existing file) and copies the photos it names into
 * FOLDER/files/. With PostgreSQL (RVM_DATABASE_URL) use pg_dump instead: docs/deploy.md. On a terminal a line shows
 * how far it is; the last line sums it up.
 */
import fs from 'node:fs';
import { Progress } from './cli/progress';
import { loadConfig } from './config';
import { BackupError, backupSqlite } from './db/sqlite/backup';

const USAGE = 'usage: npm run backup -- FOLDER   (backs up RVM_DB and the photos in RVM_FILES into FOLDER)';

async function main(argv: readonly string[]): Promise<number> {
  const [folder, ...extra] = argv;
  if (!folder || extra.length > 0 || folder.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  if (process.env.RVM_DATABASE_URL?.trim()) {
    console.error('RVM_DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump (docs/deploy.md).');
    return 2;
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
