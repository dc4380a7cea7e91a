// Whether each part of the build is missing or older than its sources. Plain JavaScript: scripts/run-built.mjs
// reads it with node alone, in a production install without TypeScript.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What each part of the build is made from, and the file whose time says when it was last built. */
export const BUILD_PARTS = {
  page: {
    script: 'build:page',
    builtFile: 'dist/index.html',
    sources: [
      'src',
      'shared',
      'assets',
      'public',
      'index.html',
      'vite.config.ts',
      'scripts/vite',
      'scripts/build/precompress.ts',
      'scripts/build/precompressPage.ts',
      'package-lock.json',
    ],
  },
  server: {
    script: 'build:server',
    builtFile: 'dist-server/main.js',
    sources: ['server', 'shared', 'scripts/build', 'package-lock.json'],
  },
};

/** The newest modification time under `entry` (a file or a folder), in ms; 0 when it does not exist. */
function newestTime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestTime(path.join(entry, child)));
  return newest;
}

/** 'missing', 'older than its sources', or null when the part's build is current. */
export function staleReason(root, part) {
  const built = newestTime(path.join(root, part.builtFile));
  if (built === 0) return 'missing';
  const sources = Math.max(...part.sources.map((source) => newestTime(path.join(root, source))));
  return sources > built ? 'older than its sources' : null;
}
