import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/db/engine';
import { SEEDED_META_KEY, seedIfFirstStart, type SeedOptions } from '../../server/importing/seed';
import { FIXTURES, makeTempDir, openTestEngine, storedBytes, type TestEngine, type TestSql } from './helpers';

let dir: string;
let opened: TestEngine | undefined;
let engine: Engine;
let sql: TestSql;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fresh(): Promise<{ options: SeedOptions }> {
  dir = makeTempDir();
  opened = await openTestEngine(dir);
  ({ engine, sql } = opened);
  return {
    options: {
      seedPath: path.join(FIXTURES, 'machines.json'),
      photosDir: path.join(FIXTURES, 'photos'),
      maxPhotoBytes: 1024 * 1024,
    },
  };
}

const count = async (query: string): Promise<number> => Number(await sql.value(query));

describe('seedIfFirstStart', () => {
  it('loads the demo data once, with its photos stored and linked', async () => {
    const { options } = await fresh();
    const outcome = await seedIfFirstStart(engine, options);
    expect(outcome).toEqual({
      status: 'seeded',
      machines: 4,
      photos: 2,
      warnings: [expect.stringContaining('RVM-004: photo "no-such-photo.png" not found')],
    });
    expect(await count('SELECT count(*) FROM machines')).toBe(4);
    expect(await count('SELECT count(*) FROM files')).toBe(2);
    expect(await count('SELECT count(*) FROM machines WHERE picture_id IS NOT NULL')).toBe(2);
    const photo = await sql.get<{ id: string }>(
      "SELECT f.id, f.content_type, f.original_name FROM machines m JOIN files f ON f.id = m.picture_id WHERE m.id = 'RVM-001'",
    );
    expect(photo).toMatchObject({ content_type: 'image/png', original_name: 'rvm-001.png' });
    const stored = await storedBytes(engine, photo!.id);
    expect(stored?.equals(fs.readFileSync(path.join(FIXTURES, 'photos', 'rvm-001.png')))).toBe(true);
    expect(await engine.getMeta(SEEDED_META_KEY)).toMatch(/^\d{4}-/);

    expect(await seedIfFirstStart(engine, options)).toEqual({ status: 'skipped', reason: 'alreadySeeded' });
    expect(await count('SELECT count(*) FROM machines')).toBe(4);
  });

  it('does not seed again after an operator empties the table', async () => {
    const { options } = await fresh();
    await seedIfFirstStart(engine, options);
    await sql.run('DELETE FROM machines');
    expect(await seedIfFirstStart(engine, options)).toEqual({ status: 'skipped', reason: 'alreadySeeded' });
    expect(await count('SELECT count(*) FROM machines')).toBe(0);
  });

  it('leaves a table that already has machines alone and marks it seeded', async () => {
    const { options } = await fresh();
    await seedIfFirstStart(engine, options);
    await sql.run('DELETE FROM meta');
    await sql.run("DELETE FROM machines WHERE id != 'RVM-001'");
    expect(await seedIfFirstStart(engine, options)).toEqual({ status: 'skipped', reason: 'hasMachines' });
    expect(await count('SELECT count(*) FROM machines')).toBe(1);
    expect(await engine.getMeta(SEEDED_META_KEY)).toBeDefined();
  });

  it('waits, unflagged, when the demo file does not exist yet', async () => {
    const { options } = await fresh();
    const missing = { ...options, seedPath: path.join(dir, 'nope.json') };
    expect(await seedIfFirstStart(engine, missing)).toEqual({ status: 'skipped', reason: 'noSeedFile' });
    expect(await engine.getMeta(SEEDED_META_KEY)).toBeUndefined();
    expect((await seedIfFirstStart(engine, options)).status).toBe('seeded');
  });

  it('refuses invalid demo data with every error and loads nothing', async () => {
    const { options } = await fresh();
    const rows = JSON.parse(fs.readFileSync(options.seedPath, 'utf8'));
    rows[1].district = 'KOWLON CITY';
    rows[2].coordinates = [114.1889, 22.3814];
    const seedPath = path.join(dir, 'bad.json');
    fs.writeFileSync(seedPath, JSON.stringify(rows));
    const attempt = seedIfFirstStart(engine, { ...options, seedPath });
    await expect(attempt).rejects.toThrow(/row 2 \(RVM-001\): district "KOWLON CITY" is not a known district/);
    await expect(seedIfFirstStart(engine, { ...options, seedPath })).rejects.toThrow(
      /row 3 \(RVM-003\): coordinates .* look swapped/,
    );
    expect(await count('SELECT count(*) FROM machines')).toBe(0);
    expect(await engine.getMeta(SEEDED_META_KEY)).toBeUndefined();
  });

  it('refuses a demo photo that is not an image', async () => {
    const { options } = await fresh();
    const rows = JSON.parse(fs.readFileSync(options.seedPath, 'utf8'));
    rows[0].photo = 'not-an-image.png';
    const seedPath = path.join(dir, 'bad-photo.json');
    fs.writeFileSync(seedPath, JSON.stringify(rows));
    await expect(seedIfFirstStart(engine, { ...options, seedPath })).rejects.toThrow(
      /RVM-002: photo "not-an-image.png" is not a PNG/,
    );
    expect(await count('SELECT count(*) FROM machines')).toBe(0);
    expect(await count('SELECT count(*) FROM files')).toBe(0);
  });

  it('seeds the shipped demo data: 129 machines with feed fields, one deactivated, none with a report time', async () => {
    await fresh();
    const root = path.resolve(import.meta.dirname, '../..');
    const outcome = await seedIfFirstStart(engine, {
      seedPath: path.join(root, 'assets/demo/machines.json'),
      photosDir: path.join(root, 'assets/photos'),
      maxPhotoBytes: 1024 * 1024,
    });
    expect(outcome).toMatchObject({ status: 'seeded', machines: 129, warnings: [] });

    const machines = await engine.listMachines();
    expect(machines).toHaveLength(129);
    expect(machines.filter((m) => m.deactivated).map((m) => [m.id, m.name_en])).toEqual([
      ['RVM-129', 'Hong Kong Stadium'],
    ]);
    for (const m of machines) {
      expect(m.bin_count, m.id).toBeGreaterThanOrEqual(1);
      expect(m.bin_count, m.id).toBeLessThanOrEqual(3);
      expect(m.bin_count_full_threshold, m.id).toBeLessThanOrEqual(m.bin_count!);
      // A fixed report time would make every machine look stale half an hour after start.
      expect(m.last_online, m.id).toBeNull();
      if (m.status === 'Full') expect(m.last_full, m.id).toMatch(/^2026-11-2\dT.*Z$/);
    }
    const emptied = machines.filter((m) => m.last_emptied_at !== null);
    expect(emptied.length).toBeGreaterThan(100);
    for (const m of emptied) {
      const hoursBefore = (Date.parse('2026-11-23T00:00:00+08:00') - Date.parse(m.last_emptied_at!)) / 3_600_000;
      expect(hoursBefore, m.id).toBeGreaterThan(2);
      expect(hoursBefore, m.id).toBeLessThanOrEqual(72);
      expect(m.last_emptied_at, m.id).toMatch(/Z$/);
    }
  });
});
