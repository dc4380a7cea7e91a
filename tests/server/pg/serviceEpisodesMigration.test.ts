import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migratePg, PG_MIGRATIONS } from '../../../server/db/pg/migrations';
import { episodesOf, type EpisodeEntry } from '../../../shared/service/episodes';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

/**
 * Migration 19 on PostgreSQL (decision 0074): the history kept before it becomes the stored episodes, by the same
 * fold as every later write; SQLite's is in tests/server/migrations.test.ts.
 */
const databases: TestDatabase[] = [];
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await Promise.all(databases.map((database) => database.drop()));
});

async function databaseBefore(version: number): Promise<pg.Pool> {
  const database = await createTestDatabase(inject('pgAdminUrl'));
  databases.push(database);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pools.push(pool);
  await migratePg(
    pool,
    PG_MIGRATIONS.filter((migration) => migration.version < version),
  );
  return pool;
}

/** An entry; the status `maintenance` stands for a full machine under maintenance. */
type Entry = [machineId: string, at: string, status: string, deactivated: boolean, lastEmptiedAt: string | null];

const insertHistory = (pool: pg.Pool, entries: readonly Entry[]) =>
  pool.query(
    `INSERT INTO machine_history (machine_id, at, status, under_maintenance, service_status, deactivated,
       last_emptied_at)
     SELECT machine_id, at, status, maintenance, service, deactivated, emptied
     FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::bigint[], $6::boolean[], $7::text[])
       AS e (machine_id, at, status, maintenance, service, deactivated, emptied)`,
    [
      entries.map((entry) => entry[0]),
      entries.map((entry) => entry[1]),
      entries.map((entry) => (entry[2] === 'maintenance' ? 'Full' : entry[2])),
      entries.map((entry) => entry[2] === 'maintenance'),
      entries.map(() => 0),
      entries.map((entry) => entry[3]),
      entries.map((entry) => entry[4]),
    ],
  );

const storedEpisodes = async (pool: pg.Pool) =>
  (
    await pool.query<{ machine_id: string; kind: string; from_at: string; to_at: string | null; ended: string }>(
      'SELECT machine_id, kind, from_at, to_at, ended FROM service_episodes ORDER BY id',
    )
  ).rows.map((row) => [row.machine_id, row.kind, row.from_at, row.to_at, row.ended]);

describe('migration 19 on PostgreSQL', () => {
  it('makes the service episodes from the history already kept, as SQLite’s does', async () => {
    const pool = await databaseBefore(19);
    await insertHistory(pool, [
      ['RVM-1', '2026-11-01T00:00:00.000Z', 'Full', false, null],
      ['RVM-1', '2026-11-01T02:00:00.000Z', '>40%', false, '2026-11-01T01:00:00.000Z'],
      ['RVM-1', '2026-11-01T01:30:00.000Z', '<=20%', false, null],
      ['RVM-2', '2026-11-02T00:00:00.000Z', '<=5%', false, null],
      ['RVM-2', '2026-11-02T03:00:00.000Z', '<=5%', true, null],
      ['RVM-3', '2026-11-03T00:00:00.000Z', 'Full', false, null],
    ]);

    expect(await migratePg(pool)).toEqual(PG_MIGRATIONS.filter((m) => m.version >= 19).map((m) => m.version));
    expect(await storedEpisodes(pool)).toEqual([
      ['RVM-1', 'full', '2026-11-01T00:00:00.000Z', '2026-11-01T01:30:00.000Z', 'emptied'],
      ['RVM-1', 'nearlyFull', '2026-11-01T00:00:00.000Z', '2026-11-01T01:30:00.000Z', 'emptied'],
      ['RVM-2', 'nearlyFull', '2026-11-02T00:00:00.000Z', '2026-11-02T03:00:00.000Z', 'deactivated'],
      ['RVM-3', 'full', '2026-11-03T00:00:00.000Z', null, 'open'],
      ['RVM-3', 'nearlyFull', '2026-11-03T00:00:00.000Z', null, 'open'],
    ]);
  });

  it('equals episodesOf over each machine’s whole history, entries that change nothing left in between', async () => {
    const pool = await databaseBefore(19);
    // Three machines a day apart, an entry every 15 minutes: the fill level goes up and down, full for a while
    // each 12 hours; RVM-B has a spell of maintenance, RVM-C is deactivated at the end.
    const statuses = ['>40%', '<=40%', '<=20%', '<=5%', 'Full', 'Full', 'Full', 'Full', '<=5%', '>40%', '<=40%'];
    const entries: Entry[] = [];
    for (const [k, id] of ['RVM-A', 'RVM-B', 'RVM-C'].entries()) {
      for (let n = 0; n < 200; n++) {
        const at = new Date(Date.UTC(2026, 9, 31, 12) + n * 15 * 60_000 + k * 37_000).toISOString();
        const maintenance = id === 'RVM-B' && n >= 60 && n < 70;
        const status = maintenance ? 'maintenance' : statuses[(n + k * 3) % statuses.length]!;
        const emptied = n % 23 === 0 ? new Date(Date.parse(at) - 5 * 60_000).toISOString() : null;
        entries.push([id, at, status, id === 'RVM-C' && n === 199, emptied]);
      }
    }
    await insertHistory(pool, entries);
    await migratePg(pool);

    const stored = await storedEpisodes(pool);
    for (const id of ['RVM-A', 'RVM-B', 'RVM-C']) {
      const history: EpisodeEntry[] = entries
        .filter((entry) => entry[0] === id)
        .map(([, at, status, deactivated, lastEmptiedAt]) => ({
          at,
          status: (status === 'maintenance' ? 'Full' : status) as EpisodeEntry['status'],
          under_maintenance: status === 'maintenance',
          service_status: 0,
          deactivated,
          last_emptied_at: lastEmptiedAt,
        }));
      const expected = episodesOf(id, history).map((e) => [e.machineId, e.kind, e.from, e.to, e.end]);
      const sortByStart = (rows: unknown[][]) =>
        [...rows].sort((a, b) => String(a[2]).localeCompare(String(b[2])) || String(a[1]).localeCompare(String(b[1])));
      expect(sortByStart(stored.filter((row) => row[0] === id)), id).toEqual(sortByStart(expected));
      expect(expected.length, id).toBeGreaterThan(10);
    }
  });
});
