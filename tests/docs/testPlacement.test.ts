import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md, "Where tests live": a unit test sits beside the module it tests; `tests/` holds what runs
 * the assembled product. This holds both halves to it: a test in `tests/server/` that starts neither the app nor a
 * database nor the compiled server is a unit test in the wrong place, and a unit test beside the code may not start
 * what `tests/` starts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** What a test in `tests/` runs, by folder. */
const PRODUCT_TEST_FOLDERS = [
  'tests/server',
  'tests/browser',
  'tests/build',
  'tests/docs',
  // deploy/'s Prometheus rules and dashboard against the compiled server; the image and compose stack in podman.
  'tests/deploy',
  'tests/container',
  // The test run's own tools, tested beside them as any module is.
  'tests/support',
];
/** What makes a server test one: the app or an engine (helpers.ts), an event app, a fake feed, PostgreSQL, a process. */
const RUNS_THE_PRODUCT = [
  /from '\.\/(helpers|eventApp|fakeFeed|streamFlood)'/,
  /from '\.\.?\/(pg\/)?(cluster|database|helpers)'/,
  /from '(\.\.\/)+testkit\/pg\/(cluster|database)'/,
  /from 'node:child_process'/,
];
/** What a unit test may not import: the helpers that start a server, a database or a browser. */
const STARTS_THE_PRODUCT = /from '(\.\.\/)+(tests\/(server|browser|build)|testkit\/(browser|pg))\//;

function testFiles(folder: string): string[] {
  return (fs.readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file).split(path.sep).join('/'))
    .sort();
}

const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('where tests live', () => {
  it('tests/server holds only tests that run the app, a database or the compiled server', () => {
    const files = testFiles('tests/server');
    expect(files.length).toBeGreaterThan(30);
    const unit = files.filter((file) => !RUNS_THE_PRODUCT.some((pattern) => pattern.test(read(file))));
    expect(unit, 'unit tests: move each beside the module it tests (server/**)').toEqual([]);
  });

  it('tests/ holds tests only in the folders of what they run', () => {
    const misplaced = testFiles('tests').filter(
      (file) => !PRODUCT_TEST_FOLDERS.some((folder) => file.startsWith(`${folder}/`)),
    );
    expect(misplaced).toEqual([]);
  });

  it('a unit test beside its code starts no server, database or browser of tests/', () => {
    const files = ['src', 'server', 'shared'].flatMap(testFiles);
    expect(files.length).toBeGreaterThan(80);
    expect(files.filter((file) => STARTS_THE_PRODUCT.test(read(file)))).toEqual([]);
  });
});
