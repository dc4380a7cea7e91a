import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/sqlite/open';
import { seedIfFirstStart } from '../../server/importing/seed';
import { SqliteEngine } from '../../server/db/sqlite/engine';
import { countMachines, listMachines } from '../../server/db/sqlite/machines';
import {
  describeSqliteOnly,
  itPostgresOnly,
  makeTempDir,
  spawnMainServer,
  startSeededTestServer,
  testConfig,
  usingPostgres,
} from './helpers';
import { createTestDatabase } from '../../testkit/pg/database';

const FILE_ONLY = 'a damaged file is a SQLite matter; PostgreSQL checks its own pages';

const PAGE_BYTES = 4096;
const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A migrated, seeded database of 3004 machines, closed, then three leaf pages of the machines table overwritten with
 * junk. The pages are found with SQLite's dbstat table, so the id index stays whole whatever the rows' sizes are. */
async function damagedDatabase(name: string): Promise<string> {
  const file = path.join(dir, name);
  const config = testConfig(dir, { dbPath: file });
  const db = openDatabase(file);
  await seedIfFirstStart(new SqliteEngine(db, config.filesDir), {
    seedPath: config.seedPath,
    photosDir: config.seedPhotosDir,
    maxPhotoBytes: config.uploadMaxBytes,
  });
  const columns = (
    db.prepare("SELECT name FROM pragma_table_info('machines') WHERE name <> 'id'").pluck().all() as string[]
  ).join(', ');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
     INSERT INTO machines (id, ${columns})
     SELECT printf('RVM-X%05d', i), ${columns} FROM n, (SELECT * FROM machines WHERE id = 'RVM-001')`,
  ).run();
  const leaves = db
    .prepare("SELECT pageno FROM dbstat WHERE name = 'machines' AND pagetype = 'leaf' ORDER BY pageno")
    .pluck()
    .all() as number[];
  const pageBytes = Number(db.pragma('page_size', { simple: true }));
  db.close();

  const middle = Math.floor(leaves.length / 2);
  const handle = fs.openSync(file, 'r+');
  for (const page of leaves.slice(middle, middle + 3)) {
    fs.writeSync(handle, Buffer.alloc(pageBytes, 0xa5), 0, pageBytes, (page - 1) * pageBytes);
  }
  fs.closeSync(handle);
  return file;
}

let damaged: string;
beforeAll(async () => {
  if (usingPostgres()) return;
  damaged = await damagedDatabase('damaged.sqlite');
  // The case the issue saw: the machine count still reads (from the id index), the list does not.
  const raw = new Database(damaged, { readonly: true });
  try {
    expect(countMachines(raw)).toBe(3004);
    expect(() => listMachines(raw)).toThrow(/malformed/);
  } finally {
    raw.close();
  }
});

const damageMessage = (file: string) =>
  new RegExp(`^DatabaseDamagedError: the database file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged \\(`);

describeSqliteOnly(FILE_ONLY, 'a damaged database file', () => {
  it('is refused when opened, with a message naming the file', () => {
    let error: unknown;
    try {
      openDatabase(damaged).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(`${(error as Error).name}: ${(error as Error).message}`).toMatch(damageMessage(damaged));
  });

  it('is refused when it is not a database at all', () => {
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, Buffer.alloc(2 * PAGE_BYTES, 0x41));
    expect(() => openDatabase(junk)).toThrow(/the database file .*junk\.sqlite is damaged \(file is not a database\)/);
  });

  it('stops the server at start: one line on stderr naming the file, exit code 1, never listening', async () => {
    const child = spawnMainServer(dir, { RVM_DB: damaged, RVM_FILES: path.join(dir, 'files') });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      // Ends on exit, or at once when the server says it is listening (then it did not refuse).
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (exitCode) => resolve(exitCode));
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('listening')) resolve(null);
        });
      });
      expect(stdout).toBe('');
      expect(code).toBe(1);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(damageMessage(damaged));
  });
});

describeSqliteOnly(FILE_ONLY, 'GET /api/health on a damaged file', () => {
  it('answers 503 in the error shape when the machine list cannot be read from a damaged file', async () => {
    const config = testConfig(dir, { dbPath: damaged });
    // Opened around the start-up check, as a file damaged while the server runs would be.
    const db = new Database(damaged);
    const app = await buildApp(config, new SqliteEngine(db, config.filesDir));
    try {
      const list = await app.inject({ method: 'POST', url: '/api/rvm/' });
      expect(list.statusCode).toBe(500);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ success: false, msg: 'systemError' });
      expect(health.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
      db.close();
    }
  });
});

describe('GET /api/health', () => {
  itPostgresOnly(
    'a lost database server is a PostgreSQL matter',
    'answers 503 with Retry-After while the database cannot be reached, and ok again once it can',
    async () => {
      const database = await createTestDatabase(inject('pgAdminUrl'));
      const target = new URL(database.url);
      // The server reaches its database through a proxy the test can cut, as a restart or a network fault would.
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const port = (proxy.address() as net.AddressInfo).port;
      const viaProxy = new URL(database.url);
      viaProxy.port = String(port);
      const server = await startSeededTestServer({ databaseUrl: viaProxy.toString() });
      try {
        expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        await new Promise<void>((resolve) => {
          proxy.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        const down = await server.app.inject({ method: 'GET', url: '/api/health' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ success: false, msg: 'systemError' });
        const list = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
        expect(list.statusCode).toBe(503);
        expect(list.headers['retry-after']).toBe('1');
        await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
        expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await server.app.inject({ method: 'POST', url: '/api/rvm/' })).statusCode).toBe(200);
      } finally {
        await server.close();
        proxy.close();
        for (const socket of sockets) socket.destroy();
        await database.drop();
      }
    },
  );

  it('answers ok with the count the list call sends', async () => {
    const server = await startSeededTestServer();
    try {
      const listed = (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json().rvms.length;
      const health = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ success: true, status: 'ok', machines: listed });
    } finally {
      await server.close();
    }
  });
});
