import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/db/engine';
import { openEngine } from '../../server/db/openEngine';
import { importMachinesFile } from '../../server/importing/importRows';
import {
  FIXTURES,
  makeTempDir,
  openTestEngine,
  startSeededTestServer,
  type TestEngine,
  type TestServer,
  type TestSql,
} from './helpers';

const MAX = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

const imports = (sql: TestSql) =>
  sql.all('SELECT source, inserted, updated, photos, at, actor FROM machine_import_audit ORDER BY id');

describe('the import audit', () => {
  let dir: string;
  let opened: TestEngine;
  let engine: Engine;
  let sql: TestSql;
  beforeEach(async () => {
    dir = makeTempDir();
    opened = await openTestEngine(dir);
    ({ engine, sql } = opened);
    for (const name of ['good.csv', 'bad.csv']) fs.copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
    fs.copyFileSync(path.join(FIXTURES, 'photos', 'rvm-001.png'), path.join(dir, 'rvm-001.png'));
  });
  afterEach(async () => {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records each import that loads: the file, what it did, when and who', async () => {
    const file = path.join(dir, 'good.csv');
    const started = new Date().toISOString();
    await importMachinesFile(file, engine, MAX, 'import command (ops)');
    await importMachinesFile(file, engine, MAX);
    const [first, second] = (await imports(sql)) as { at: string }[];
    expect(first).toMatchObject({ source: file, inserted: 3, updated: 0, photos: 1, actor: 'import command (ops)' });
    expect(second).toMatchObject({ source: file, inserted: 0, updated: 3, photos: 1, actor: 'import command' });
    expect(first!.at >= started).toBe(true);
  });

  it('records nothing for an import that loads nothing', async () => {
    expect(await importMachinesFile(path.join(dir, 'bad.csv'), engine, MAX)).toMatchObject({ ok: false });
    expect(await imports(sql)).toEqual([]);
  });

  it('forgets audit entries, of imports, status updates, decisions and decided feed holds, older than the retention', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
    for (const daysAgo of [400, 366, 364, 1]) {
      await sql.run(
        "INSERT INTO machine_status_audit (machine_id, before, after, at, actor) VALUES ('RVM-1', '{}', '{}', ?, 'a')",
        at(daysAgo),
      );
      await sql.run(
        "INSERT INTO machine_import_audit (source, inserted, updated, photos, at, actor) VALUES ('f.csv', 1, 0, 0, ?, 'a')",
        at(daysAgo),
      );
    }
    // The feed's holds: decided long ago, or recently; one rejected long ago still keeping a machine.
    const hold = (state: string, daysAgo: number, kept = '[]') =>
      sql.run(
        `INSERT INTO feed_holds (held_at, machine_ids, active, remaining, baseline, baseline_since, state, decided_at,
           kept_ids) VALUES (?, '["RVM-1"]', 2, 1, 2, ?, ?, ?, ?)`,
        at(daysAgo),
        at(daysAgo),
        state,
        at(daysAgo),
        kept,
      );
    await hold('confirmed', 400);
    await hold('rejected', 400, '["RVM-1"]');
    await hold('dropped', 1);
    // And an admin's decisions on them.
    for (const daysAgo of [400, 1]) {
      await sql.run(
        `INSERT INTO feed_hold_audit (hold_id, decision, machine_ids, at, actor, actor_kind)
         VALUES (1, 'confirmed', '["RVM-1"]', ?, 'a', 'person')`,
        at(daysAgo),
      );
    }
    expect(await engine.pruneAudit(365, now)).toBe(6);
    const left = async (table: string) =>
      (await sql.all<{ at: string }>(`SELECT at FROM ${table} ORDER BY at`)).map((row) => row.at);
    expect(await left('machine_status_audit')).toEqual([at(364), at(1)]);
    expect(await left('machine_import_audit')).toEqual([at(364), at(1)]);
    expect(await left('feed_hold_audit')).toEqual([at(1)]);
    expect(await sql.all('SELECT state FROM feed_holds ORDER BY id')).toEqual([
      { state: 'rejected' },
      { state: 'dropped' },
    ]);
    expect(await engine.pruneAudit(365, now)).toBe(0);
  });
});

describe('an import reaches open pages as a live event', () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startSeededTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('sends one import event with the counts when another process imports, and the list has the new machines', async () => {
    const received: string[] = [];
    const request = http.get(`${base}/api/events`, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => received.push(chunk));
    });
    try {
      await expect.poll(() => received.join('')).toMatch(/^retry:/m);
      fs.copyFileSync(path.join(FIXTURES, 'good.csv'), path.join(server.dir, 'good.csv'));
      // The import command's own connection, as `npm run import` opens it.
      const other = await openEngine(server.config, 'command');
      try {
        const result = await importMachinesFile(path.join(server.dir, 'good.csv'), other, MAX);
        expect(result).toMatchObject({ ok: true, inserted: 3 });
      } finally {
        await other.close();
      }
      await expect.poll(() => received.join(''), { timeout: 5000 }).toMatch(/event: import\n/);
      const [data] = [...received.join('').matchAll(/^event: import\nid: \S+\ndata: (.*)$/gm)].map((m) =>
        JSON.parse(m[1]!),
      );
      expect(data).toEqual({ at: expect.any(String), inserted: 3, updated: 0 });
      const list = (await (await fetch(`${base}/api/rvm/`, { method: 'POST' })).json()) as { rvms: { id: string }[] };
      expect(list.rvms.map((machine) => machine.id)).toContain('RVM-101');
    } finally {
      request.destroy();
    }
  });
});
