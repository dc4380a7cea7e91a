/**
 * Loads machines from a CSV or JSON file into the database:
 *   npm run import -- [--photos DIR] FILE.csv|FILE.json
 * Every row is checked first; if any is wrong, every error is printed and nothing is loaded. On a terminal a line
 * shows how far it is; the last line sums it up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine, USAGE_EXIT_CODE, type CommandDescription } from './cli/commandLine';
import { Progress } from './cli/progress';
import { loadConfig, type ServerConfig } from './config';
import { openEngine } from './db/openEngine';
import { DEFAULT_IMPORT_ACTOR, importMachinesFile } from './importing/importRows';

const COMMAND = {
  invocation: 'npm run import --',
  argumentsText: 'FILE.csv|FILE.json',
  positionals: { min: 1, max: 1 },
  summary:
    'Loads machines from a CSV or JSON file into the database the server uses. Every row is checked first; if any\n' +
    'is wrong, every error is printed and nothing is loaded. Good files are upserted in one transaction, and the\n' +
    'pages open at the time load the list again. Columns and fields: docs/data.md.',
  options: {
    photos: {
      type: 'string',
      valueName: 'DIR',
      description:
        "the folder holding the photos the rows name (default: the file's own folder; RVM_SEED_PHOTOS for RVM_SEED)",
    },
  },
  environment: [
    'RVM_DB  the SQLite file (default data/rvm.sqlite)',
    'RVM_FILES  the photo store beside it (default data/files)',
    'RVM_DATABASE_URL  postgres://…: load into PostgreSQL instead',
  ],
  exitCodes: [
    '0  loaded',
    '1  a bad row, a bad photo, or the file cannot be read: nothing was loaded',
    '2  wrong usage',
  ],
} as const satisfies CommandDescription;

async function main(argv: readonly string[]): Promise<number> {
  const commandLine = readCommandLine(COMMAND, argv);
  if (!commandLine.run) return commandLine.exitCode;
  const [file = ''] = commandLine.positionals;
  if (commandLine.values.photos === '') {
    console.error('npm run import: --photos needs a folder');
    return USAGE_EXIT_CODE;
  }
  if (!fs.existsSync(file)) {
    console.error(`${file}: no such file`);
    return 1;
  }
  const config = loadConfig(process.env);
  const photosDir = photosFolder(path.resolve(file), commandLine.values.photos, config);
  if (!fs.statSync(photosDir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`${photosDir}: no such folder (the photos)`);
    return 1;
  }
  const engine = await openEngine(config, 'command');
  const progress = new Progress(process.stderr);
  try {
    const result = await importMachinesFile(
      path.resolve(file),
      engine,
      config.uploadMaxBytes,
      importActor(),
      progress,
      photosDir,
    );
    progress.end();
    if (!result.ok) {
      for (const error of result.errors) console.error(error);
      console.error(`${file}: ${result.errors.length} error(s); nothing was loaded`);
      return 1;
    }
    for (const warning of result.warnings) console.error(`warning: ${warning}`);
    console.log(
      `${file}: ${result.inserted} inserted, ${result.updated} updated, ${result.photos} photo(s) stored ` +
        `(${engine.kind === 'postgres' ? 'PostgreSQL' : config.dbPath}) ` +
        progress.took(result.inserted + result.updated, 'rows'),
    );
    return 0;
  } finally {
    progress.end();
    await engine.close();
  }
}

/**
 * Where the rows' photos are: the folder given, else the file's own, except for the demo data set (RVM_SEED),
 * whose photos are where the first start reads them (RVM_SEED_PHOTOS, assets/photos).
 */
function photosFolder(file: string, given: string | undefined, config: ServerConfig): string {
  if (given !== undefined) return path.resolve(given);
  return file === config.seedPath ? config.seedPhotosDir : path.dirname(file);
}

/** The audit's "who" for an import: the account that ran the command, when the system can tell. */
function importActor(): string {
  try {
    return `${DEFAULT_IMPORT_ACTOR} (${os.userInfo().username})`;
  } catch {
    return DEFAULT_IMPORT_ACTOR;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exit(1);
  },
);
