// Issue 51 point 3: the database as an operator checks it with the system's own `sqlite3`, whose SQLite may be older
// than the server's (Debian 12's is 3.40.1, where json_valid(NULL) is 0, not NULL).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../server/db/sqlite/migrations';
import { openDatabase } from '../../server/db/sqlite/open';
import { SqliteEngine } from '../../server/db/sqlite/engine';
import { seedIfFirstStart } from '../../server/importing/seed';
import { describeSqliteOnly, makeTempDir, runServerCommand, testConfig } from './helpers';

/** Debian's `sqlite3` package puts it here; `.ci/run` installs it. */
const SQLITE3 = '/usr/bin/sqlite3';
const HAS_SQLITE3 = fs.existsSync(SQLITE3);
const NO_SQLITE3 = `no ${SQLITE3} on this machine (Debian: apt-get install sqlite3)`;

/** What `sqlite3 FILE 'pragma integrity_check'` prints, as an operator runs it (with -readonly it checks no CHECK). */
const integrityCheck = (file: string): string =>
  execFileSync(SQLITE3, [file, 'pragma integrity_check'], { encoding: 'utf8' }).trim();

const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describeSqliteOnly('the file is SQLite’s', "Debian's sqlite3 on the server's databases", () => {
  const config = testConfig(dir, { dbPath: path.join(dir, 'data', 'rvm.sqlite') });

  beforeAll(async () => {
    fs.mkdirSync(path.dirname(config.dbPath), { recursive: true });
    const engine = new SqliteEngine(openDatabase(config.dbPath), config.filesDir);
    await seedIfFirstStart(engine, {
      seedPath: config.seedPath,
      photosDir: config.seedPhotosDir,
      maxPhotoBytes: config.uploadMaxBytes,
    });
    expect(await engine.countMachines()).toBeGreaterThan(0);
    await engine.close();
  });

  it.skipIf(!HAS_SQLITE3)(`finds a fresh database sound${HAS_SQLITE3 ? '' : ` (skipped: ${NO_SQLITE3})`}`, () => {
    const version = execFileSync(SQLITE3, ['--version'], { encoding: 'utf8' }).split(' ')[0];
    expect(version).toMatch(/^3\.\d+\.\d+$/);
    expect(integrityCheck(config.dbPath)).toBe('ok');
  });

  it.skipIf(!HAS_SQLITE3)(
    `finds a backup (npm run backup) sound${HAS_SQLITE3 ? '' : ` (skipped: ${NO_SQLITE3})`}`,
    async () => {
      const backups = path.join(dir, 'backups');
      const result = await runServerCommand('backup', [backups], { RVM_DB: config.dbPath, RVM_FILES: config.filesDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const [file] = fs.readdirSync(backups).filter((name) => name.endsWith('.sqlite'));
      expect(integrityCheck(path.join(backups, file!))).toBe('ok');
    },
  );

  it.skipIf(!HAS_SQLITE3)(
    `finds a database made before the fix sound once the server has opened it${HAS_SQLITE3 ? '' : ` (skipped: ${NO_SQLITE3})`}`,
    () => {
      // The schema of versions 1 to 5, holding the fresh database's machines and photos.
      const file = path.join(dir, 'old.sqlite');
      const old = new Database(file);
      migrate(
        old,
        MIGRATIONS.filter((migration) => migration.version <= 5),
      );
      old.prepare('ATTACH DATABASE ? AS fresh').run(config.dbPath);
      old.exec('INSERT INTO files SELECT * FROM fresh.files; INSERT INTO machines SELECT * FROM fresh.machines;');
      old.exec('DETACH DATABASE fresh');
      const machines = old.prepare('SELECT * FROM machines ORDER BY id').all();
      expect(machines.length).toBeGreaterThan(0);
      old.close();

      openDatabase(file).close();
      expect(integrityCheck(file)).toBe('ok');
      const migrated = new Database(file, { readonly: true });
      expect(migrated.prepare('SELECT * FROM machines ORDER BY id').all()).toEqual(machines);
      migrated.close();
    },
  );
});
