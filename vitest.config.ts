import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import CostSequencer from './tests/support/costSequencer.ts';

/** Tests of the PostgreSQL test cluster and of what only PostgreSQL does; they need its server binaries. */
const PG_TESTS = 'tests/server/pg/**/*.test.ts';
/**
 * Server tests that the PostgreSQL run leaves out: a SQLite file's own matters (every test in them is SQLite's), and
 * the page, its headers and files, which no engine serves.
 */
const NOT_ON_POSTGRES = [
  'backup',
  'migrations',
  'openApiClient',
  'sqliteShell',
  'tempSweep',
  'apiDocs',
  'benchPage',
  'cors',
  'page',
  'runtimeConfig',
  'serviceWorker',
  'staticCompression',
].map((name) => `tests/server/${name}.test.ts`);
/** The projects that start the compiled server as its own process build it first when it is missing or stale. */
const SERVER_BUILD = 'tests/ensureServerBuild.ts';
/** Browser tests at a scale far past Hong Kong's (minutes of software WebGL): `npm run test:scale`, not `npm test`. */
const SCALE_TESTS = 'tests/browser/**/*.scale.test.ts';
/** Each file's CPU for the run's cost table (tests/support/fileCostReporter.ts). */
const WORKER_CPU = 'tests/support/countWorkerCpu.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: Number(process.env.RVM_TEST_WORKERS ?? 4),
    // One project's files after another's, costliest first (tests/support/file-costs.json): see costSequencer.ts.
    sequence: { sequencer: CostSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          provide: { costProject: 'unit' },
          environment: 'jsdom',
          // One jsdom per worker, not per file: 46 s down to 10 s. Each test makes its own store and render root, and
          // what a file stubs on the global object is put back after it.
          isolate: false,
          unstubGlobals: true,
          include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.ts'],
          setupFiles: [WORKER_CPU, 'tests/support/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          provide: { costProject: 'server' },
          environment: 'node',
          // The app's modules loaded once per worker, not per file: the project 125 s -> 61 s, its CPU halved. Each
          // test builds its own app, engine and temp folder; a test that mocks a module the app imports loads the
          // app afresh after vi.resetModules() (tests/server/openApi.test.ts).
          isolate: false,
          include: [
            'tests/server/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            // What deploy/ ships: the Prometheus rules and the dashboard, with Debian's promtool and Prometheus.
            'tests/deploy/**/*.test.ts',
            // The test run's own tools: the order of its files.
            'tests/support/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, PG_TESTS],
          globalSetup: [SERVER_BUILD],
          setupFiles: [WORKER_CPU],
          testTimeout: 30_000,
          // A seeded server starting while the machine is busy (two cores, Chromium beside) can take over 10 s.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // PostgreSQL itself: a throwaway cluster for the run (tests/server/pg/globalSetup.ts), its URL by inject().
          name: 'pg',
          provide: { costProject: 'pg' },
          environment: 'node',
          isolate: false,
          include: [PG_TESTS],
          globalSetup: [SERVER_BUILD, 'tests/server/pg/globalSetup.ts'],
          setupFiles: [WORKER_CPU],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The server tests again on PostgreSQL: each file has a database of its own in RVM_DATABASE_URL, and each
          // test server or engine it starts a fresh one (tests/server/helpers.ts). Tests of what only one engine has
          // say so in their names and show as skipped on the other.
          name: 'server-pg',
          provide: { costProject: 'server-pg' },
          environment: 'node',
          isolate: false,
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, PG_TESTS, ...NOT_ON_POSTGRES],
          globalSetup: [SERVER_BUILD, 'tests/server/pg/globalSetup.ts'],
          setupFiles: [WORKER_CPU, 'tests/server/pg/perFileDatabase.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Checks of the built page itself (dist/): byte budgets, preloads, styles. Needs `npm run build` first.
          name: 'build',
          provide: { costProject: 'build' },
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
          setupFiles: [WORKER_CPU],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          provide: { costProject: 'browser' },
          environment: 'node',
          // One Chromium per worker for the run, each file in a browser context of its own (browserLease.ts).
          globalSetup: [SERVER_BUILD, 'tests/browser/browserPool.ts'],
          setupFiles: [WORKER_CPU, 'tests/browser/countCosts.ts'],
          include: ['tests/browser/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SCALE_TESTS],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Three Chromiums at a time, after the other projects: each draws its map in software WebGL, and a browser
          // file waits on the page about a fifth of its time (two used 1.5 of the 2 cores, three 1.6).
          maxWorkers: Number(process.env.RVM_BROWSER_WORKERS ?? 3),
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:container`: the image and the compose stack with podman (root), apart from `npm test`.
          name: 'container',
          environment: 'node',
          include: ['tests/container/**/*.test.ts'],
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Each file builds the page it needs (tests/browser/syntheticPageServer.ts): no `npm run build` first.
          name: 'scale',
          environment: 'node',
          include: [SCALE_TESTS],
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
