import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { AppServer } from './fixture';
import { ROOT } from '../../testkit/browser/harness';
import { serveStatic } from '../../testkit/browser/staticServer';

/**
 * The product's map screen with synthetic machines (tests/browser/syntheticPage, `?n=` of them) built into a
 * temporary folder and served from it; for `setupBrowserApp({ start: startSyntheticPageServer })`.
 */
export async function startSyntheticPageServer(): Promise<AppServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'rvm-synthetic-page-'));
  try {
    await build({
      configFile: join(ROOT, 'tests/browser/syntheticPage/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir },
    });
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
