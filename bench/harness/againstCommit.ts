import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/**
 * Builds the bench page of another commit of today's tree into a temporary folder: a temporary git worktree of
 * it, with this checkout's node_modules when the two lockfiles are the same (else its own `npm ci`), and its
 * own bench build. The commit must have the bench page (bench/stage.html). Returns the build and its removal.
 */
export function buildAgainst(ref: string): { commit: string; dist: string; remove: () => void } {
  const commit = git('rev-parse', '--short=7', `${ref}^{commit}`);
  const tree = mkdtempSync(join(tmpdir(), 'rvm-bench-against-'));
  const dist = mkdtempSync(join(tmpdir(), 'rvm-bench-against-dist-'));
  const removeTree = () => {
    try {
      git('worktree', 'remove', '--force', tree);
    } catch {
      rmSync(tree, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  try {
    git('worktree', 'add', '--detach', tree, commit);
    if (!existsSync(join(tree, 'bench/stage.html')))
      throw new Error(`${commit} has no bench page (bench/stage.html): compare commits from this page's on`);
    const sameLock =
      readFileSync(join(tree, 'package-lock.json'), 'utf8') === readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
    if (sameLock) symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    else execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
    execFileSync(
      process.execPath,
      [
        join(tree, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'bench/vite.config.ts',
        '--outDir',
        dist,
        '--emptyOutDir',
      ],
      { cwd: tree, stdio: 'inherit' },
    );
  } catch (error) {
    removeTree();
    rmSync(dist, { recursive: true, force: true });
    throw error;
  }
  removeTree();
  return { commit, dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
}
