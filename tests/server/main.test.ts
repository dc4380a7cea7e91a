import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerFile } from '../../scripts/build/serverBuild';
import { FIXTURES, makeTempDir, openTestEngine, storeEntries } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the compiled server (dist-server/main.js)', () => {
  it('seeds, forgets audit entries past the retention, prints one line with the port, answers, and exits 0 on SIGTERM', async () => {
    const dbPath = path.join(dir, 'data', 'rvm.sqlite');
    const filesDir = path.join(dir, 'data', 'files');
    // With PostgreSQL, the server uses this file's RVM_DATABASE_URL.
    const open = () => openTestEngine(dir, { dbPath, filesDir, databaseUrl: process.env.RVM_DATABASE_URL ?? null });
    const before = await open();
    const insert = (at: string) =>
      before.sql.run(
        "INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES ('RVM-001', '{}', '{}', ?, 'a')",
        at,
      );
    const recent = new Date().toISOString();
    await insert('2020-01-01T00:00:00.000Z');
    await insert(recent);
    await before.close();

    const child = spawn(process.execPath, [builtServerFile('main')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        RVM_DB: dbPath,
        RVM_AUDIT_RETENTION_DAYS: '30',
        RVM_FILES: filesDir,
        RVM_STATIC: path.join(dir, 'no-dist'),
        RVM_SEED: path.join(FIXTURES, 'machines.json'),
        RVM_SEED_PHOTOS: path.join(FIXTURES, 'photos'),
        RVM_LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      });
      void exited.then((code) => reject(new Error(`exited ${code} early: ${stderr}`)));
    });

    const match = /^RVM locator listening on http:\/\/127\.0\.0\.1:(\d+)\/$/.exec(line);
    expect(match, line).not.toBeNull();
    const base = `http://127.0.0.1:${match?.[1]}`;

    const list = await fetch(`${base}/api/rvm/`, { method: 'POST' });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { success: boolean; rvms: { id: string }[] };
    expect(body.success).toBe(true);
    expect(body.rvms).toHaveLength(4);
    const after = await open();
    expect(await storeEntries({ ...after, config: after.config })).toHaveLength(2);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(503);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await after.sql.all<{ at: string }>('SELECT at FROM machine_status_audit')).map((row) => row.at)).toEqual([
      recent,
    ]);
    await after.close();
    expect(stdout.trim().split('\n')).toEqual([line]);
    expect(stderr).toBe('');
  });
});
