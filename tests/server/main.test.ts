import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { FIXTURES, makeTempDir } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npx tsx server/main.ts', () => {
  it('seeds, forgets audit entries past the retention, prints one line with the port, answers, and exits 0 on SIGTERM', async () => {
    const dbPath = path.join(dir, 'data', 'rvm.sqlite');
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const audit = (db = openDatabase(dbPath)) => {
      const insert = db.prepare(
        "INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES ('RVM-001', '{}', '{}', ?, 'a')",
      );
      return { db, insert, ats: () => db.prepare('SELECT at FROM machine_status_audit').pluck().all() };
    };
    const before = audit();
    const recent = new Date().toISOString();
    before.insert.run('2020-01-01T00:00:00.000Z');
    before.insert.run(recent);
    before.db.close();

    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        RVM_DB: dbPath,
        RVM_AUDIT_RETENTION_DAYS: '30',
        RVM_FILES: path.join(dir, 'data', 'files'),
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
    expect(fs.readdirSync(path.join(dir, 'data', 'files'))).toHaveLength(2);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(503);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const after = audit();
    expect(after.ats()).toEqual([recent]);
    after.db.close();
    expect(stdout.trim().split('\n')).toEqual([line]);
    expect(stderr).toBe('');
  });
});
