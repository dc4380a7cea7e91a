import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Engine, PhotoStore } from '../../server/db/engine';
import { openEngine } from '../../server/db/openEngine';
import type { PgEngine } from '../../server/db/pg/engine';
import { seedIfFirstStart } from '../../server/importing/seed';
import { SqliteEngine } from '../../server/db/sqlite/engine';
import { builtServerFile, type ServerCommand } from '../../scripts/build/serverBuild';
import { createTestDatabase, type TestDatabase } from '../../testkit/pg/database';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * Whether this run tests the PostgreSQL engine: the `server-pg` project sets RVM_DATABASE_URL for each file
 * (tests/server/pg/perFileDatabase.ts). Each test server and test engine then gets a fresh database of its own.
 */
export const usingPostgres = (): boolean => Boolean(process.env.RVM_DATABASE_URL);

/**
 * Tests of what only SQLite has (its file, PRAGMAs, its lock, its backup): on PostgreSQL they show as skipped, with
 * the reason in their name.
 */
export function describeSqliteOnly(reason: string, name: string, tests: () => void): void {
  describe.skipIf(usingPostgres())(`${name} (SQLite only: ${reason})`, tests);
}

export function itSqliteOnly(reason: string, name: string, test: () => Promise<void> | void, timeout?: number): void {
  it.skipIf(usingPostgres())(`${name} (SQLite only: ${reason})`, test, timeout);
}

/** Tests of what only PostgreSQL has (a database server that can go away): on SQLite they show as skipped, and why. */
export function itPostgresOnly(reason: string, name: string, test: () => Promise<void> | void, timeout?: number): void {
  it.runIf(usingPostgres())(`${name} (PostgreSQL only: ${reason})`, test, timeout);
}

/** Raw SQL on a test engine's database, the same on both engines: `?` placeholders, booleans read as 0/1, JSON as text. */
export interface TestSql {
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** The first column of the first row. */
  value<T = unknown>(sql: string, ...params: unknown[]): Promise<T>;
  run(sql: string, ...params: unknown[]): Promise<void>;
}

export function testSql(engine: Engine): TestSql {
  if (engine instanceof SqliteEngine) {
    const { db } = engine;
    return {
      all: async (sql, ...params) => db.prepare(sql).all(...params) as never,
      get: async (sql, ...params) => db.prepare(sql).get(...params) as never,
      value: async (sql, ...params) =>
        db
          .prepare(sql)
          .pluck()
          .get(...params) as never,
      run: async (sql, ...params) => void db.prepare(sql).run(...params),
    };
  }
  const { pool } = engine as PgEngine;
  const numbered = (sql: string): string => {
    let n = 0;
    return sql.replaceAll('?', () => `$${++n}`);
  };
  const zeroOne = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]));
  const all = async (sql: string, ...params: unknown[]) =>
    (await pool.query(numbered(sql), params)).rows.map(zeroOne) as never[];
  return {
    all,
    get: async (sql, ...params) => (await all(sql, ...params))[0],
    value: async (sql, ...params) => {
      const row = (await all(sql, ...params))[0] as Record<string, unknown> | undefined;
      return (row ? Object.values(row)[0] : undefined) as never;
    },
    run: async (sql, ...params) => void (await pool.query(numbered(sql), params)),
  };
}

export interface TestEngine {
  engine: Engine;
  config: ServerConfig;
  sql: TestSql;
  /** Closes the engine and drops its database (PostgreSQL); the folder stays. */
  close(): Promise<void>;
}

export interface TestServer {
  app: FastifyInstance;
  engine: Engine;
  store: PhotoStore;
  sql: TestSql;
  config: ServerConfig;
  dir: string;
  close(): Promise<void>;
}

/** A fresh temp folder with its own database, file store and (unless given) no built page. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-server-test-'));
}

/** A SQLite configuration in `dir`; testDatabaseConfig gives the PostgreSQL database when the run asks for one. */
export function testConfig(dir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const config: ServerConfig = {
    ...loadConfig({}, dir),
    dbPath: path.join(dir, 'rvm.sqlite'),
    databaseUrl: null,
    filesDir: path.join(dir, 'files'),
    staticDir: path.join(dir, 'dist'),
    adminToken: ADMIN_TOKEN,
    seedPath: path.join(FIXTURES, 'machines.json'),
    seedPhotosDir: path.join(FIXTURES, 'photos'),
    logLevel: 'silent',
    ...overrides,
  };
  fs.mkdirSync(config.filesDir, { recursive: true });
  return config;
}

/** testConfig, with a fresh PostgreSQL database of its own when the run tests PostgreSQL (dropped by `drop`). */
export async function testDatabaseConfig(
  dir: string,
  overrides: Partial<ServerConfig> = {},
): Promise<{ config: ServerConfig; drop(): Promise<void> }> {
  let database: TestDatabase | null = null;
  if (usingPostgres() && overrides.databaseUrl === undefined) database = await createTestDatabase(inject('pgAdminUrl'));
  const config = testConfig(dir, { databaseUrl: database?.url ?? null, ...overrides });
  return { config, drop: async () => database?.drop() };
}

/** An engine (SQLite in `dir`, or a fresh PostgreSQL database) as a command opens it. */
export async function openTestEngine(
  dir: string,
  overrides: Partial<ServerConfig> = {},
  role: 'server' | 'command' = 'command',
): Promise<TestEngine> {
  const { config, drop } = await testDatabaseConfig(dir, overrides);
  const engine = await openEngine(config, role);
  return {
    engine,
    config,
    sql: testSql(engine),
    async close() {
      await engine.close();
      await drop();
    },
  };
}

/** A test server seeded from the fixture machines and photos, as the real server is on its first start. */
export async function startSeededTestServer(
  overrides: Partial<ServerConfig> = {},
  options: AppOptions = {},
): Promise<TestServer> {
  const server = await startTestServer(overrides, options);
  await seedIfFirstStart(server.engine, {
    seedPath: server.config.seedPath,
    photosDir: server.config.seedPhotosDir,
    maxPhotoBytes: server.config.uploadMaxBytes,
  });
  return server;
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  options: AppOptions = {},
): Promise<TestServer> {
  const dir = makeTempDir();
  const { engine, config, sql, close } = await openTestEngine(dir, overrides, 'server');
  const app = await buildApp(config, engine, options);
  await app.ready();
  return {
    app,
    engine,
    store: engine.files,
    sql,
    config,
    dir,
    async close() {
      await app.close();
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A stored photo's bytes as the file route reads them, or null. */
export async function storedBytes(engine: Engine, id: string): Promise<Buffer | null> {
  const opened = await engine.files.open(id);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Deletes a stored photo's bytes, leaving its record: the file on disk (SQLite), its row of file_contents (PostgreSQL). */
export async function loseStoredBytes(
  server: Pick<TestServer, 'engine' | 'config' | 'sql'>,
  id: string,
): Promise<void> {
  if (server.engine.kind === 'sqlite') fs.rmSync(path.join(server.config.filesDir, id));
  else await server.sql.run('DELETE FROM file_contents WHERE id = ?', id);
}

/** One statement on a connection of its own, as another process would run it: `?` placeholders on both engines. */
export async function runOnOtherConnection(
  config: Pick<ServerConfig, 'databaseUrl' | 'dbPath'>,
  sql: string,
  ...params: unknown[]
): Promise<Record<string, unknown>[]> {
  if (config.databaseUrl === null) {
    const other = new Database(config.dbPath);
    try {
      const statement = other.prepare(sql);
      if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
      statement.run(...params);
      return [];
    } finally {
      other.close();
    }
  }
  const other = new pg.Client({ connectionString: config.databaseUrl });
  await other.connect();
  try {
    let n = 0;
    return (
      await other.query(
        sql.replaceAll('?', () => `$${++n}`),
        params,
      )
    ).rows as Record<string, unknown>[];
  } finally {
    await other.end();
  }
}

/** A valid PNG of one colour; different colours give different bytes (and ids). */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, { data: Buffer | string; filename?: string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, { data, filename, type }] of Object.entries(fields)) {
    if (filename === undefined) form.append(name, typeof data === 'string' ? data : data.toString());
    else
      form.append(
        name,
        new Blob([new Uint8Array(Buffer.from(data))], { type: type ?? 'application/octet-stream' }),
        filename,
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export const auth = (token = ADMIN_TOKEN): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** What the photo store holds: the files in its folder, temp files included (SQLite), or the stored ids (PostgreSQL). */
export async function storeEntries(server: Pick<TestServer, 'engine' | 'config' | 'sql'>): Promise<string[]> {
  if (server.engine.kind === 'sqlite') return fs.readdirSync(server.config.filesDir);
  return server.sql
    .all<{ id: string }>('SELECT id FROM file_contents ORDER BY id')
    .then((rows) => rows.map((r) => r.id));
}

/** A GET whose path goes out exactly as written ("..", "%2e" and all), unlike inject() or fetch(). */
export function rawGet(port: number, requestPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: requestPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The compiled server (dist-server/main.js) as its own process, as `npm start` runs it, on a free port,
 * with the test fixtures as demo data and no built page; `env` names the database and file store.
 */
export function spawnMainServer(dir: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [builtServerFile('main')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      RVM_STATIC: path.join(dir, 'no-dist'),
      RVM_SEED: path.join(FIXTURES, 'machines.json'),
      RVM_SEED_PHOTOS: path.join(FIXTURES, 'photos'),
      RVM_LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** `spawnMainServer`'s process once it says where it listens. */
export interface MainServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  /** Resolves with its exit code. */
  readonly exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Sends `signal` if it still runs; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `spawnMainServer`, resolved once the server listens; rejects, with its stderr, if it exits before. */
export async function startMainServer(dir: string, env: Record<string, string>): Promise<MainServerProcess> {
  const child = spawnMainServer(dir, env);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`exited ${code} early: ${stderr}`)));
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, port, base: `http://127.0.0.1:${port}`, exited, stderr: () => stderr, stop };
}

/**
 * One of the server's compiled commands run on a terminal of its own (util-linux `script` gives it a pseudo-terminal),
 * as an operator at a shell sees it: stdout and stderr together, with the carriage returns a redrawn line leaves.
 */
export function runServerCommandOnTerminal(
  command: ServerCommand,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const quoted = [process.execPath, builtServerFile(command), ...args].map(
    (word) => `'${word.replaceAll("'", "'\\''")}'`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['--quiet', '--return', '--command', quoted.join(' '), '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

export interface ScriptOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One of the server's compiled commands run to its end as an operator runs it, with `env` added and `input` piped in. */
export function runServerCommand(
  command: ServerCommand,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<ScriptOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtServerFile(command), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    child.stdin.end(input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
