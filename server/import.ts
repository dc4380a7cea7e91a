/**
 * Loads machines from a CSV or JSON file into the database:
 *   npm run import -- FILE.csv|FILE.json
 * Every row is checked first; if any is wrong, every error is printed and nothing is loaded. On a terminal a line
 * shows how far it is; the last line sums it up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Progress } from './cli/progress';
import { loadConfig } from './config';
import { openEngine } from './db/openEngine';
import { DEFAULT_IMPORT_ACTOR, importMachinesFile } from './importing/importRows';

async function main(argv: readonly string[]): Promise<number> {
  const [file, ...extra] = argv;
  if (!file || extra.length > 0) {
    console.error('usage: npm run import -- FILE.csv|FILE.json');
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`${file}: no such file`);
    return 1;
  }
  const config = loadConfig(process.env);
  const engine = await openEngine(config, 'command');
  const progress = new Progress(process.stderr);
  try {
    const result = await importMachinesFile(path.resolve(file), engine, config.uploadMaxBytes, importActor(), progress);
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
