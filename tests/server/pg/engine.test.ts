import { afterAll, describe, expect, inject, it } from 'vitest';
import { PgEngine } from '../../../server/db/pg/engine';
import { PG_MIGRATIONS } from '../../../server/db/pg/migrations';
import { createListBody } from '../../../server/http/listBody';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

const databases: TestDatabase[] = [];
const engines: PgEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close().catch(() => undefined)));
  await Promise.all(databases.map((database) => database.drop()));
});

async function openFresh(): Promise<{ url: string; open: () => Promise<PgEngine> }> {
  const database = await createTestDatabase(inject('pgAdminUrl'));
  databases.push(database);
  return {
    url: database.url,
    open: async () => {
      const engine = await PgEngine.open(database.url, { poolMax: 2, lockTimeoutMs: 1_000 });
      engines.push(engine);
      return engine;
    },
  };
}

const insertMachine = (id: string, patch: Record<string, unknown> = {}) => {
  const row = { area: 'KOWLOON', district: 'KWUN TONG', status: 'Full', under_maintenance: false, ...patch };
  const params: unknown[] = [id, row.area, row.district, row.status, row.under_maintenance];
  return [
    `INSERT INTO machines (id, lat, lng, area, district, status, under_maintenance, service_status,
       name_en, name_zht, name_zhs, address_en, address_zht, address_zhs,
       service_hour_en, service_hour_zht, service_hour_zhs, updated_at)
     VALUES ($1, 22.3, 114.1, $2, $3, $4, $5, 0, 'n', 'n', 'n', 'a', 'a', 'a', 's', 's', 's', 'now')`,
    params,
  ] as const;
};

describe('the PostgreSQL engine', () => {
  it('migrates on open, once, even when several instances open a new database together', async () => {
    const { open } = await openFresh();
    const [first] = await Promise.all([open(), open(), open()]);
    const { rows } = await first!.pool.query('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(PG_MIGRATIONS.map(({ version, name }) => ({ version, name })));
    const again = await open();
    const { rows: after } = await again.pool.query('SELECT count(*) AS n FROM schema_migrations');
    expect(after).toEqual([{ n: PG_MIGRATIONS.length }]);
  });

  it('keeps machines consistent with CHECK and foreign key constraints, as SQLite does', async () => {
    const engine = await (await openFresh()).open();
    await engine.pool.query(...insertMachine('RVM-1'));
    await expect(engine.pool.query(...insertMachine('RVM-2', { area: 'MARS' }))).rejects.toThrow(/check/);
    await expect(engine.pool.query(...insertMachine('RVM-3', { district: 'WAN CHAI' }))).rejects.toThrow(/check/);
    await expect(engine.pool.query(...insertMachine('RVM-4', { status: 'Half' }))).rejects.toThrow(/check/);
    await expect(engine.pool.query("UPDATE machines SET picture_id = repeat('a', 64)")).rejects.toThrow(/foreign key/);
    await expect(engine.pool.query("INSERT INTO files VALUES ('../x', 'image/png', 1, NULL, 'now')")).rejects.toThrow(
      /check/,
    );
    await expect(engine.pool.query(`UPDATE machines SET extra = '[1]'`)).rejects.toThrow(/check/);
    await expect(engine.pool.query('UPDATE machines SET bin_count = 1, bin_count_full_threshold = 2')).rejects.toThrow(
      /check/,
    );
    expect(await engine.countMachines()).toBe(1);
  });

  it('moves data_version with every change to the machines, by the server or by hand, and with nothing else', async () => {
    const engine = await (await openFresh()).open();
    const version = async () => (await engine.pool.query('SELECT version FROM data_version')).rows[0].version as number;
    const start = await version();
    await engine.pool.query(...insertMachine('RVM-1'));
    const afterInsert = await version();
    expect(afterInsert).toBeGreaterThan(start);
    await engine.pool.query("UPDATE machines SET status = '>40%'");
    expect(await version()).toBeGreaterThan(afterInsert);
    const unchanged = await version();
    await engine.pool.query("INSERT INTO meta VALUES ('x', 'y')");
    await engine.pruneAudit(1);
    expect(await version()).toBe(unchanged);
    await engine.editMachine('RVM-1', { status: 'Full' }, { kind: 'token', name: 'test', address: null });
    expect(await version()).toBeGreaterThan(unchanged);
  });

  it('sorts ids bytewise, as SQLite does, and answers them as the list call does', async () => {
    const engine = await (await openFresh()).open();
    for (const id of ['b', 'B', 'a_1', 'a-1', 'A', '_', '-', '0']) await engine.pool.query(...insertMachine(id));
    const ids = (await engine.listMachines()).map((machine) => machine.id);
    expect(ids).toEqual(['-', '0', 'A', 'B', '_', 'a-1', 'a_1', 'b']);
    const body = await createListBody(engine).current();
    const listed = (JSON.parse(Buffer.concat(body.parts).toString('utf8')) as { rvms: { id: string }[] }).rvms;
    expect(listed.map((machine) => machine.id)).toEqual(ids);
  });
});
