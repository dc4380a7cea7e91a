import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSupportedNode } from '../../scripts/check-node.mjs';
import { makeTempDir } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A project tree with the real start script and stand-in builds: each build writes its part and says so, and each
 * built command prints the arguments it got, so the test sees what `npm start` built and what it ran.
 */
function standInProject(): string {
  const dir = makeTempDir();
  for (const file of ['scripts/run-built.mjs', 'scripts/check-node.mjs', 'scripts/build/freshness.mjs', '.nvmrc']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  const command = (name: string) => `console.log('${name} ran with', JSON.stringify(process.argv.slice(2)));`;
  const writes = (files: Record<string, string>) =>
    `node -e "const fs=require('fs');${Object.entries(files)
      .map(
        ([file, text]) =>
          `fs.mkdirSync(require('path').dirname('${file}'),{recursive:true});fs.writeFileSync('${file}',${JSON.stringify(text).replaceAll('"', '\\"')});`,
      )
      .join('')}console.error('built ${Object.keys(files)[0]}')"`;
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      type: 'module',
      scripts: {
        'build:page': writes({ 'dist/index.html': '<!doctype html>' }),
        'build:server': writes({ 'dist-server/main.js': command('main'), 'dist-server/import.js': command('import') }),
      },
    }),
  );
  fs.mkdirSync(path.join(dir, 'src'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'src/page.ts'), '');
  fs.writeFileSync(path.join(dir, 'server/main.ts'), '');
  fs.mkdirSync(path.join(dir, 'node_modules/.bin'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/.bin/vite'), '');
  return dir;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function runBuilt(dir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/run-built.mjs', ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Marks a file as changed `seconds` from now, so it is newer than a build made just before. */
const touch = (file: string, seconds = 5) => {
  const at = new Date(Date.now() + seconds * 1000);
  fs.utimesSync(file, at, at);
};

describe('npm start and the other commands from the build (scripts/run-built.mjs)', () => {
  it('builds a fresh clone once, then starts without building; rebuilds only the part whose sources changed', () => {
    const dir = standInProject();
    dirs.push(dir);
    const first = runBuilt(dir, 'main');
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('dist/index.html is missing: npm run build:page');
    expect(first.stderr).toContain('dist-server/main.js is missing: npm run build:server');
    expect(first.stdout).toContain('main ran with []');

    const second = runBuilt(dir, 'main');
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toContain('main ran with []');

    touch(path.join(dir, 'server/main.ts'));
    const afterServerEdit = runBuilt(dir, 'import', 'machines.csv');
    expect(afterServerEdit.stderr).toContain('dist-server/main.js is older than its sources: npm run build:server');
    expect(afterServerEdit.stderr).not.toContain('build:page');
    expect(afterServerEdit.stdout).toContain('import ran with ["machines.csv"]');
  });

  it('on a production install (no build tools) serves a stale build with a warning, and refuses a missing one', () => {
    const dir = standInProject();
    dirs.push(dir);
    expect(runBuilt(dir, 'main').code).toBe(0);
    fs.rmSync(path.join(dir, 'node_modules'), { recursive: true });
    touch(path.join(dir, 'src/page.ts'));

    const stale = runBuilt(dir, 'main');
    expect(stale.code).toBe(0);
    expect(stale.stderr).toContain('warning: dist/index.html is older than its sources; serving the build as it is');
    expect(stale.stdout).toContain('main ran with []');

    fs.rmSync(path.join(dir, 'dist-server'), { recursive: true });
    const missing = runBuilt(dir, 'main');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('dist-server/main.js is missing and the build tools are not installed');
  });

  it('names its commands when given another', () => {
    const dir = standInProject();
    dirs.push(dir);
    const wrong = runBuilt(dir, 'serve');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('usage: node scripts/run-built.mjs main|import|backup|copy-to-postgres');
  });
});

describe('the supported Node.js lines (scripts/check-node.mjs)', () => {
  it.each([
    ['20.20.2', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['v22.23.3', true],
    ['23.11.0', false],
    ['24.0.0', true],
    ['25.2.0', false],
    ['26.12.1', true],
    ['27.0.0', false],
  ])('%s: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });
});
