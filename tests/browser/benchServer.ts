import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { serveStatic } from '../../bench/staticServer';
import type { AppServer } from './fixture';
import { ROOT } from './harness';

/**
 * The benchmark page (issue 6: the product's map screen with synthetic machines) built into a temporary
 * folder and served from it; for `setupBrowserApp({ start: startBenchServer })`.
 */
export async function startBenchServer(): Promise<AppServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'rvm-bench-build-'));
  try {
    await build({ configFile: join(ROOT, 'bench/vite.config.ts'), logLevel: 'warn', build: { outDir } });
    const server = await serveStatic(outDir);
    return {
      url: server.url,
      stop: async () => {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
