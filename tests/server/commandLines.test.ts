import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerCommand } from '../../scripts/build/serverBuild';
import { makeTempDir, openTestEngine, runServerCommand, usingPostgres } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const COMMANDS: ServerCommand[] = ['main', 'import', 'backup', 'copy-to-postgres'];
const NPM_NAME: Record<ServerCommand, string> = {
  main: 'npm start',
  import: 'npm run import',
  backup: 'npm run backup',
  'copy-to-postgres': 'npm run copy-to-postgres',
  user: 'npm run user',
};
const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Nothing the commands could touch: a wrong usage must stop before the database is opened. */
const NO_DATA = { RVM_DB: path.join(dir, 'untouched', 'rvm.sqlite'), RVM_FILES: path.join(dir, 'untouched', 'files') };

/** `--help`, `--version` and a wrong option of one command, side by side. */
async function askEach(command: ServerCommand) {
  const [help, version, wrong] = await Promise.all(
    [['--help'], ['--version'], ['--frobnicate']].map((args) => runServerCommand(command, args, NO_DATA)),
  );
  return { help: help!, version: version!, wrong: wrong! };
}

// What a command line says does not depend on the engine: run once, not again on PostgreSQL.
describe.skipIf(usingPostgres())('the compiled commands (the engine plays no part)', () => {
  const { version: packageVersion } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };

  it.each(COMMANDS)(
    '%s: --help prints its usage, options and exit codes; --version the version, commit and Node; both exit 0; an unknown option exits 2 touching nothing',
    async (command) => {
      const { help, version, wrong } = await askEach(command);
      expect(help.stderr).toBe('');
      expect(help.code).toBe(0);
      expect(help.stdout.split('\n')[0]).toMatch(new RegExp(`^usage: ${NPM_NAME[command]} --`));
      expect(help.stdout).toContain('-h, --help');
      expect(help.stdout).toContain('-v, --version');
      expect(help.stdout).toMatch(/Exit codes:\n {2}0 /);

      expect(version.code).toBe(0);
      expect(version.stdout).toMatch(
        new RegExp(`^rvm-locator ${packageVersion.replaceAll('.', '\\.')} \\(commit [0-9a-f]{7}(\\+changes)?, Node v`),
      );
      expect(version.stdout).toContain(`Node ${process.version})\n`);

      expect(wrong.code).toBe(2);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr.split('\n')[0]).toBe(`${NPM_NAME[command]}: unknown option --frobnicate`);
      expect(wrong.stderr).toContain('Try --help for more.');
      expect(fs.existsSync(path.join(dir, 'untouched'))).toBe(false);
    },
  );

  it('npm run import -- --help prints the help (not "--help: no such file") and exits 0', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'import', '--', '--help'], { cwd: ROOT });
    expect(stdout).toMatch(/^usage: npm run import -- \[options\] FILE\.csv\|FILE\.json\n/);
    expect(stdout).toContain('--photos DIR');
  });
});

describe('the documented demo import: npm run import -- assets/demo/machines.json', () => {
  const store = { dbPath: path.join(dir, 'demo', 'rvm.sqlite'), filesDir: path.join(dir, 'demo', 'files') };
  const env = { RVM_DB: store.dbPath, RVM_FILES: store.filesDir };
  const demo = JSON.parse(fs.readFileSync(path.join(ROOT, 'assets/demo/machines.json'), 'utf8')) as {
    photo?: string;
  }[];
  const photos = new Set(demo.flatMap((row) => (row.photo ? [row.photo] : []))).size;

  it('finds every photo in assets/photos (RVM_SEED_PHOTOS) and warns about none', async () => {
    const { code, stdout, stderr } = await runServerCommand('import', ['assets/demo/machines.json'], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(photos).toBeGreaterThan(40);
    expect(stdout).toMatch(
      new RegExp(
        `^assets/demo/machines\\.json: \\d+ inserted, \\d+ updated, ${demo.filter((row) => row.photo).length} photo\\(s\\) stored`,
      ),
    );
    const opened = await openTestEngine(dir, { ...store, databaseUrl: process.env.RVM_DATABASE_URL ?? null });
    try {
      const machines = await opened.engine.listMachines();
      expect(machines.filter((machine) => machine.picture).length).toBe(demo.filter((row) => row.photo).length);
    } finally {
      await opened.close();
    }
  });

  it('takes the photos from --photos DIR when given, and says when that folder is not there', async () => {
    const elsewhere = await runServerCommand('import', ['--photos', 'assets', 'assets/demo/machines.json'], env);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stderr).toMatch(/^warning: RVM-\d+: photo "[^"]+" not found in .+\/assets\n/);

    const missing = await runServerCommand(
      'import',
      ['--photos', path.join(dir, 'none'), 'assets/demo/machines.json'],
      env,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`${path.join(dir, 'none')}: no such folder (the photos)\n`);
  });
});
