import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/open';
import { seedIfFirstStart } from '../../server/db/seed';
import { FileStore } from '../../server/files/store';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  store: FileStore;
  config: ServerConfig;
  dir: string;
  close(): Promise<void>;
}

/** A fresh temp folder with its own database, file store and (unless given) no built page. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rvm-server-test-'));
}

export function testConfig(dir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const config: ServerConfig = {
    ...loadConfig({}, dir),
    dbPath: path.join(dir, 'rvm.sqlite'),
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

/** A test server seeded from the fixture machines and photos, as the real server is on its first start. */
export async function startSeededTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const server = await startTestServer(overrides);
  await seedIfFirstStart(server.db, server.store, {
    seedPath: server.config.seedPath,
    photosDir: server.config.seedPhotosDir,
    maxPhotoBytes: server.config.uploadMaxBytes,
  });
  return server;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dir = makeTempDir();
  const config = testConfig(dir, overrides);
  const db = openDatabase(config.dbPath);
  const app = await buildApp(config, db);
  await app.ready();
  return {
    app,
    db,
    store: new FileStore(config.filesDir, db),
    config,
    dir,
    async close() {
      await app.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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

/** Files in the store folder, temp files included. */
export const storeEntries = (server: TestServer): string[] => fs.readdirSync(server.config.filesDir);

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
 * `server/main.ts` as its own process (node --import tsx, so signals reach the server itself) on a free port,
 * with the test fixtures as demo data and no built page; `env` names the database and file store.
 */
export function spawnMainServer(dir: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
