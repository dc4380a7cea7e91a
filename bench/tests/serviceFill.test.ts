import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { importMachines } from '../load/service/engines';
import { fillSqlite, fleetSpan } from '../load/service/fleetHistory';
import { emptyServerEnv, startServerProcess } from '../load/serverProcess';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database of `machines` machines with the bench's history of `days`, the episodes written as `backfill` says. */
async function filled(machines: number, days: number, backfill: boolean): Promise<string[][]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rvm-service-fill-'));
  dirs.push(dir);
  const env = emptyServerEnv(dir, {});
  await importMachines(env, dir, machines);
  fillSqlite(env.RVM_DB, fleetSpan(days, Date.parse('2026-12-07T09:00:00.000Z')), { backfill });
  // The server's start: migration 19 when the fill left it undone.
  const { child } = await startServerProcess(env, 120_000);
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  const db = new Database(env.RVM_DB, { readonly: true });
  const rows = db
    .prepare('SELECT machine_id, kind, from_at, to_at, ended, emptied_before FROM service_episodes')
    .raw()
    .all() as string[][];
  db.close();
  return rows.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('npm run bench:service fill', () => {
  it('writes the episodes migration 19 makes of its history', async () => {
    const direct = await filled(3, 4, false);
    expect(direct).toEqual(await filled(3, 4, true));
    // 3 machines × 4 days × 2 cycles a day, a full and a nearly full episode each, the last ones open.
    expect(direct.length).toBeGreaterThanOrEqual(3 * 4 * 2 * 2 - 6);
    expect(direct.filter((row) => row[4] === 'open').length).toBeGreaterThan(0);
  });
});
