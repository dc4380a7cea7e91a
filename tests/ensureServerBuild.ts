import { BUILD_PARTS, staleReason } from '../scripts/build/freshness.mjs';
import { buildServer, ROOT } from '../scripts/build/serverBuild';

/**
 * Global set-up of the projects that start the server as its own process: they run the compiled server
 * (dist-server/), as `npm start` does. `npm test` has built it; a single project run builds it here if it is
 * missing or older than its sources (esbuild, well under a second).
 */
export default async function ensureServerBuild(): Promise<void> {
  if (staleReason(ROOT, BUILD_PARTS.server) !== null) await buildServer();
}
