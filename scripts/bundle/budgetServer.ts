import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { seedIfFirstStart } from '../../server/db/seed';
import { FileStore } from '../../server/files/store';

export interface BudgetServer {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The real server on a built page with the demo data, in a temporary folder; answers through `app.inject`. */
export async function startBudgetServer(staticDir: string): Promise<BudgetServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rvm-budget-'));
  const config: ServerConfig = {
    ...loadConfig({}),
    staticDir: path.resolve(staticDir),
    dbPath: path.join(dir, 'rvm.sqlite'),
    filesDir: path.join(dir, 'files'),
    logLevel: 'silent',
  };
  mkdirSync(config.filesDir);
  const db = openDatabase(config.dbPath);
  const app = await buildApp(config, db);
  await seedIfFirstStart(db, new FileStore(config.filesDir, db), {
    seedPath: config.seedPath,
    photosDir: config.seedPhotosDir,
    maxPhotoBytes: config.uploadMaxBytes,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
