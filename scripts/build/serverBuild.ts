import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The compiled server: plain JavaScript that `node` runs without tsx (scripts/run-built.mjs starts it). */
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');

/** Each command the operator runs, by the name scripts/run-built.mjs takes. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  import: 'server/import.ts',
  backup: 'server/backup.ts',
  'copy-to-postgres': 'server/copyToPostgres.ts',
  user: 'server/user.ts',
} as const;

export type ServerCommand = keyof typeof SERVER_ENTRIES;

/** The compiled file of one command, as `node` runs it. */
export const builtServerFile = (command: ServerCommand): string => path.join(SERVER_OUT_DIR, `${command}.js`);

/** What the server is built from: an uncommitted change there makes the build's commit "<commit>+changes". */
const BUILT_FROM = ['server', 'shared', 'scripts/build', 'package.json', 'package-lock.json'];

/**
 * The commit being built: RVM_BUILD_COMMIT when set (an image is built without .git: the Dockerfile's build
 * argument), else git's, with "+changes" when the server's sources have uncommitted changes; "unknown" without git.
 */
export function buildCommit(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.RVM_BUILD_COMMIT?.trim();
  if (given) return given;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short=7', 'HEAD');
    return git('status', '--porcelain', '--', ...BUILT_FROM) ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * Compiles the server's entries into SERVER_OUT_DIR: one ES module each, the code they share in chunks beside
 * them, npm packages left as imports (node_modules is there at run time). Built in a folder of its own first,
 * so a process starting meanwhile never sees half a build.
 */
export async function buildServer(): Promise<void> {
  const staging = `${SERVER_OUT_DIR}.${process.pid}-${randomUUID()}.tmp`;
  await rm(staging, { recursive: true, force: true });
  const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    // server/buildInfo.ts: what --version and the rvm_build_info metric say.
    define: { RVM_BUILD_INFO: JSON.stringify({ version, commit: buildCommit() }) },
  });
  await writeFile(path.join(staging, 'package.json'), '{ "type": "module" }\n');
  await rm(SERVER_OUT_DIR, { recursive: true, force: true });
  await rename(staging, SERVER_OUT_DIR);
}
