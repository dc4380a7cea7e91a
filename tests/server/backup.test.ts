import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { BackupError, backupFileName, backupSqlite } from '../../server/db/sqlite/backup';
import {
  ADMIN_TOKEN,
  auth,
  describeSqliteOnly,
  makeTempDir,
  runServerCommand,
  runServerCommandOnTerminal,
  startMainServer,
  startTestServer,
} from './helpers';

const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const dbPath = path.join(dir, 'data', 'rvm.sqlite');
const filesDir = path.join(dir, 'data', 'files');
const backups = path.join(dir, 'backups');
const BULK_MACHINES = 3000;
/** Often enough that a write lands while the backup runs, however fast it is (its process alone starts in 40 ms). */
const PATCH_EVERY_MS = 20;
const MAX_PATCHES = 290;
/** Machines in the live database once the bulk is added (set by the live backup test). */
let liveMachines = 0;
const BASE_TIME = Date.parse('2026-11-23T00:00:00Z');
const lastOnline = (n: number): string => new Date(BASE_TIME + n * 1000).toISOString();

/** `npm run backup -- …` as the operator runs it (the environment naming the database). */
const runBackupCommand = (args: string[], env: Record<string, string>) =>
  runServerCommand('backup', args, { RVM_DB: dbPath, RVM_FILES: filesDir, ...env });

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describeSqliteOnly(
  'with PostgreSQL, pg_dump backs up (docs/deploy.md)',
  'npm run backup (SQLite online backup)',
  () => {
    it('names backups by UTC time', () => {
      expect(backupFileName(new Date('2026-11-23T14:05:09.123+08:00'))).toBe('rvm-20261123T060509Z.sqlite');
    });

    it('copies a live database while the server writes to it: the copy is intact, consistent and has the rows', async () => {
      const server = await startMainServer(dir, { RVM_DB: dbPath, RVM_FILES: filesDir, RVM_ADMIN_TOKEN: ADMIN_TOKEN });
      try {
        const { port } = server;

        // Some bulk, so the copy is a few MB; then the server's own writes: PATCHes, each one an audited transaction.
        const bulk = new Database(dbPath);
        const columns = (
          bulk.prepare("SELECT name FROM pragma_table_info('machines') WHERE name <> 'id'").pluck().all() as string[]
        ).join(', ');
        bulk
          .prepare(
            `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK_MACHINES})
           INSERT INTO machines (id, ${columns})
           SELECT printf('RVM-B%05d', i), ${columns} FROM n, (SELECT * FROM machines WHERE id = 'RVM-001')`,
          )
          .run();
        const machines = Number(bulk.prepare('SELECT count(*) FROM machines').pluck().get());
        liveMachines = machines;
        const photos = bulk.prepare('SELECT id FROM files ORDER BY id').pluck().all() as string[];
        bulk.close();
        expect(photos.length).toBeGreaterThan(0);

        let sent = 0;
        let acknowledged = 0;
        let writing = true;
        let writerDone = false;
        const writer = (async () => {
          // Fifty a second, on until after the backup has ended; under the operator's 300 a minute unless that takes 6 s.
          while (writing && sent < MAX_PATCHES) {
            const n = sent++;
            const response = await fetch(`http://127.0.0.1:${port}/api/operator/machines/RVM-001`, {
              method: 'PATCH',
              headers: { ...auth(), 'content-type': 'application/json' },
              body: JSON.stringify({ last_online: lastOnline(n) }),
            });
            expect(response.status).toBe(200);
            acknowledged++;
            await new Promise((resolve) => setTimeout(resolve, PATCH_EVERY_MS));
          }
        })().finally(() => (writerDone = true));
        const until = async (done: () => boolean): Promise<void> => {
          while (!done() && !writerDone) await new Promise((resolve) => setTimeout(resolve, 10));
        };
        await until(() => acknowledged >= 10);

        const before = acknowledged;
        const result = await runBackupCommand([backups], {});
        const after = sent;
        await until(() => acknowledged >= after + 3);
        writing = false;
        await writer;

        expect(after - before).toBeGreaterThan(0); // the server wrote while the backup ran
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const [file, ...others] = fs.readdirSync(backups).filter((name) => name.endsWith('.sqlite'));
        expect(others).toEqual([]);
        expect(file).toMatch(/^rvm-\d{8}T\d{6}Z\.sqlite$/);
        const copyPath = path.join(backups, file!);
        expect(result.stdout).toContain(`${dbPath} → ${copyPath}: ${machines} machines, ${photos.length} photo(s)`);
        expect(result.stdout).toMatch(/ in [\d.]+ m?s \([\d.]+ [KM]B\/s\)\n$/);
        // One self-contained file: no -wal or -shm beside it, and no partial file left.
        expect(fs.readdirSync(backups).sort()).toEqual([file!, 'files'].sort());

        const copy = new Database(copyPath, { readonly: true, fileMustExist: true });
        try {
          expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
          expect(copy.prepare('SELECT count(*) FROM machines').pluck().get()).toBe(machines);
          // The moment copied lies within the backup's run, and is one moment: the machine row and its audit agree.
          const audited = Number(copy.prepare('SELECT count(*) FROM machine_status_audit').pluck().get());
          expect(audited).toBeGreaterThanOrEqual(before);
          expect(audited).toBeLessThanOrEqual(after);
          const latest = copy
            .prepare("SELECT after FROM machine_status_audit WHERE machine_id = 'RVM-001' ORDER BY id DESC LIMIT 1")
            .pluck()
            .get() as string;
          const row = copy.prepare("SELECT last_online FROM machines WHERE id = 'RVM-001'").pluck().get();
          expect(row).toBe(lastOnline(audited - 1));
          expect(JSON.parse(latest)).toMatchObject({ last_online: row });
          expect(copy.prepare('SELECT id FROM files ORDER BY id').pluck().all()).toEqual(photos);
        } finally {
          copy.close();
        }
        // The photos beside it, each under the hash of its bytes.
        for (const id of photos) expect(sha256(path.join(backups, 'files', id))).toBe(id);
        expect(server.stderr()).toBe('');
      } finally {
        await server.stop();
      }
    });

    it('never overwrites a backup, and copies only photos the folder does not have yet', async () => {
      const now = new Date('2026-11-23T06:05:09Z');
      const folder = path.join(dir, 'again');
      const first = await backupSqlite(dbPath, filesDir, folder, now);
      expect(first.photosCopied).toBe(first.photos);
      expect(first.photosMissing).toEqual([]);
      const bytes = fs.readFileSync(first.file);

      await expect(backupSqlite(dbPath, filesDir, folder, now)).rejects.toThrow(BackupError);
      await expect(backupSqlite(dbPath, filesDir, folder, now)).rejects.toThrow(/already exists; not overwriting it/);
      expect(fs.readFileSync(first.file).equals(bytes)).toBe(true);

      const second = await backupSqlite(dbPath, filesDir, folder, new Date(now.getTime() + 1000));
      expect(second.file).not.toBe(first.file);
      expect(second.photosCopied).toBe(0);
      expect(fs.readdirSync(folder).filter((name) => !name.startsWith('rvm-') && name !== 'files')).toEqual([]);
    });

    it('restores: a server started on a backup and its files answers the machines and their photos', async () => {
      const [file] = fs.readdirSync(backups).filter((name) => name.endsWith('.sqlite'));
      const restored = path.join(dir, 'restored');
      fs.mkdirSync(restored);
      fs.copyFileSync(path.join(backups, file!), path.join(restored, 'rvm.sqlite'));
      fs.cpSync(path.join(backups, 'files'), path.join(restored, 'files'), { recursive: true });
      const server = await startTestServer({
        dbPath: path.join(restored, 'rvm.sqlite'),
        filesDir: path.join(restored, 'files'),
      });
      try {
        const health = await server.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toEqual({ success: true, status: 'ok', machines: liveMachines });
        expect(liveMachines).toBeGreaterThan(BULK_MACHINES);
        const list = await server.app.inject({ method: 'POST', url: '/api/rvm/', payload: {} });
        const withPhoto = (list.json() as { rvms: { picture?: { id: string } | null }[] }).rvms.filter(
          (machine) => machine.picture,
        );
        expect(withPhoto.length).toBeGreaterThan(0);
        for (const machine of withPhoto.slice(0, 3)) {
          const photo = await server.app.inject({ method: 'GET', url: `/api/file/${machine.picture!.id}` });
          expect(photo.statusCode).toBe(200);
          expect(createHash('sha256').update(photo.rawPayload).digest('hex')).toBe(machine.picture!.id);
        }
      } finally {
        await server.close();
      }
    });

    it('on a terminal, shows the database and then the photos as they are copied', async () => {
      const { code, output } = await runServerCommandOnTerminal('backup', [path.join(dir, 'terminal')], {
        RVM_DB: dbPath,
        RVM_FILES: filesDir,
      });
      expect(code).toBe(0);
      expect(output).toMatch(/\rcopying the database: [\d.]+ [KM]B \/ [\d.]+ [KM]B/);
      expect(output).toMatch(/\rcopying photos: \d+ \/ \d+ photos/);
      expect(output).toMatch(/\r +\r.+ machines, \d+ photo\(s\) \(\d+ copied now\) in .+B\/s\)\r\n$/);
    });

    it('refuses without a folder, with PostgreSQL configured, and for a database that does not exist', async () => {
      const usage = await runBackupCommand([], {});
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('usage: npm run backup -- FOLDER');

      const pg = await runBackupCommand([backups], { RVM_DATABASE_URL: 'postgres://rvm@127.0.0.1/rvm' });
      expect(pg.code).toBe(2);
      expect(pg.stderr).toContain('pg_dump');

      const missing = path.join(dir, 'nothing-here.sqlite');
      const none = await runBackupCommand([path.join(dir, 'none')], { RVM_DB: missing });
      expect(none.code).toBe(1);
      expect(none.stderr.trim()).toBe(`${missing}: no such database`);
      expect(fs.existsSync(missing)).toBe(false);
    });
  },
);
