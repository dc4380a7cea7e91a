import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dropUnusedMapStyles } from '../scripts/vite/unusedMapStyles.ts';
import { webglOnly } from '../scripts/vite/webglOnly.ts';

const BENCH = import.meta.dirname;

/** What the page is built from: a change there, not committed, makes the build "<commit>+changes". */
const BUILT_FROM = [
  '.',
  '../src',
  '../shared',
  '../testkit',
  '../assets',
  '../scripts/vite',
  '../package-lock.json',
  ':!results',
];

/** The commit being built, with "+changes" when what it is built from has uncommitted changes: runs record it. */
function buildName(): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', BENCH, ...args], { encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short=7', 'HEAD');
    return git('status', '--porcelain', '--', ...BUILT_FROM) ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

/**
 * The benchmark page (index.html) and its stage (stage.html, in the page's iframe), built apart from the
 * product into bench/dist with relative paths, so that it works at / (npm run bench:page) and at /bench/ (the
 * server with RVM_BENCH_PAGE=1).
 */
export default defineConfig({
  root: BENCH,
  base: './',
  plugins: [react()],
  // The same libraries as the product build ships them.
  resolve: { alias: [webglOnly] },
  css: { postcss: { plugins: [dropUnusedMapStyles] } },
  define: {
    // The stage reads the page's test hooks (src/testHooks.ts: each drawn frame).
    'import.meta.env.VITE_TEST_HOOKS': JSON.stringify('1'),
    'import.meta.env.VITE_BENCH_BUILD': JSON.stringify(buildName()),
  },
  build: {
    target: 'es2022',
    outDir: resolve(BENCH, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: { page: resolve(BENCH, 'index.html'), stage: resolve(BENCH, 'stage.html') } },
  },
});
