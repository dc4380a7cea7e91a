import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASELINE_REF, type BaselineBuild } from './baseline';

/**
 * Builds the bench pages from the baseline commit into bench/dist-baseline (git-ignored): a temporary git
 * worktree of that commit with its own packages (its lockfile, installed without scripts), and this checkout's bench page files laid
 * over the commit's, so both builds run the same harness (the baseline gets the live status step too) around
 * their own product code (src/). Nothing is done when the build there is of the same commit and harness.
 * BENCH_BASELINE_REF picks another commit; BENCH_BASELINE_DIST another folder.
 */
const ROOT = resolve(import.meta.dirname, '..');
const REF = process.env.BENCH_BASELINE_REF ?? BASELINE_REF;
const OUT = resolve(process.env.BENCH_BASELINE_DIST ?? join(ROOT, 'bench/dist-baseline'));
const INFO = join(OUT, 'baseline.json');

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
const commit = git('rev-parse', `${REF}^{commit}`);

// The bench page sources: what the pages' bundle is built from (runner files come along; they are not bundled).
const benchDir = join(ROOT, 'bench');
const harnessFiles = readdirSync(benchDir)
  .filter((name) => /\.(ts|tsx|html)$/.test(name) && statSync(join(benchDir, name)).isFile())
  .sort();
const hash = createHash('sha256');
for (const name of harnessFiles) hash.update(name).update(readFileSync(join(benchDir, name)));
// The harness's one link to the product, written against the baseline's modules: laid over bench/productHooks.ts.
const ADAPTER = join(benchDir, 'baseline-adapter/productHooks.ts');
hash.update(readFileSync(ADAPTER));
// The Vite plugins bench/vite.config.ts imports (the baseline commit predates them): laid over as well.
const viteDir = join(ROOT, 'scripts/vite');
const viteFiles = readdirSync(viteDir)
  .filter((name) => name.endsWith('.ts'))
  .sort();
for (const name of viteFiles) hash.update(name).update(readFileSync(join(viteDir, name)));
const harness = hash.digest('hex').slice(0, 16);

const built = existsSync(INFO) ? (JSON.parse(readFileSync(INFO, 'utf8')) as BaselineBuild) : null;
if (built?.commit === commit && built.harness === harness && existsSync(join(OUT, 'bench/index.html'))) {
  console.log(`baseline ${commit.slice(0, 7)} already built in ${OUT}`);
  process.exit(0);
}

const tree = mkdtempSync(join(tmpdir(), 'rvm-bench-baseline-'));
try {
  git('worktree', 'add', '--detach', tree, commit);
  // Its own lockfile: the baseline may use packages this checkout no longer has.
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
  for (const name of harnessFiles) copyFileSync(join(benchDir, name), join(tree, 'bench', name));
  copyFileSync(ADAPTER, join(tree, 'bench/productHooks.ts'));
  mkdirSync(join(tree, 'scripts/vite'), { recursive: true });
  for (const name of viteFiles) copyFileSync(join(viteDir, name), join(tree, 'scripts/vite', name));
  const vite = join(tree, 'node_modules/vite/bin/vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--config', 'bench/vite.config.ts', '--outDir', OUT, '--emptyOutDir'],
    { cwd: tree, stdio: 'inherit', env: { ...process.env, BENCH_PAGES: 'ours' } },
  );
  const info: BaselineBuild = { ref: REF, commit, harness, builtAt: new Date().toISOString() };
  writeFileSync(INFO, `${JSON.stringify(info, null, 2)}\n`);
  console.log(`baseline ${commit.slice(0, 7)} built in ${OUT}`);
} finally {
  try {
    git('worktree', 'remove', '--force', tree);
  } catch {
    rmSync(tree, { recursive: true, force: true });
    git('worktree', 'prune');
  }
}
