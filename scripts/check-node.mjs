// Stops a command at once on a Node.js the project does not support, instead of failing later in a native addon.
import { readFileSync } from 'node:fs';

/** The LTS lines of package.json's engines: 22 (22.12 or newer), 24 and 26. */
export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 12) || major === 24 || major === 26;
}

if (!isSupportedNode(process.versions.node)) {
  const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
  console.error(
    `Node.js ${process.versions.node} is not supported: use 22 (22.12 or newer), 24 or 26 (.nvmrc says ${wanted}).\n` +
      'On a machine with an older Node: . scripts/supported-node.sh (fetches one from the npm registry).',
  );
  process.exit(1);
}
