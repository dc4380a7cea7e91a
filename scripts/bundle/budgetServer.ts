import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openEngine } from '../../server/db/openEngine';
import { seedIfFirstStart } from '../../server/importing/seed';

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
    databaseUrl: null,
    filesDir: path.join(dir, 'files'),
    logLevel: 'silent',
  };
  const engine = await openEngine(config, 'server');
  const app = await buildApp(config, engine);
  await seedIfFirstStart(engine, {
    seedPath: config.seedPath,
    photosDir: config.seedPhotosDir,
    maxPhotoBytes: config.uploadMaxBytes,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
