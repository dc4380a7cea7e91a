// Runs one of the server's commands from the build with node alone: `npm start` (main), `npm run import`,
// `npm run backup`, `npm run copy-to-postgres`, `npm run user`. Builds first only when the build is missing or older
// than its sources and the build tools are installed, so `npm install && npm start` does the whole set-up on a fresh
// clone, while a production install (`npm ci --omit=dev`) of a built tree starts at once.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_PARTS, staleReason } from './build/freshness.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const COMMANDS = ['main', 'import', 'backup', 'copy-to-postgres', 'user'];

const [command = 'main', ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command)) {
  console.error(`usage: node scripts/run-built.mjs ${COMMANDS.join('|')} [arguments]`);
  process.exit(2);
}

const canBuild = existsSync(path.join(ROOT, 'node_modules/.bin/vite'));
const parts = command === 'main' ? [BUILD_PARTS.page, BUILD_PARTS.server] : [BUILD_PARTS.server];
for (const part of parts) {
  const why = staleReason(ROOT, part);
  if (why === null) continue;
  if (!canBuild) {
    if (why === 'missing') {
      console.error(
        `${part.builtFile} is missing and the build tools are not installed (a production install): ` +
          'run `npm run build` where the dev dependencies are, then copy the tree.',
      );
      process.exit(1);
    }
    console.error(`warning: ${part.builtFile} is ${why}; serving the build as it is (no build tools installed)`);
    continue;
  }
  console.error(`${part.builtFile} is ${why}: npm run ${part.script}`);
  const built = spawnSync('npm', ['run', '--silent', part.script], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The command reads its own arguments from process.argv.slice(2), as when node runs it directly.
process.argv.splice(2, process.argv.length - 2, ...args);
await import(pathToFileURL(path.join(ROOT, 'dist-server', `${command}.js`)).href);
