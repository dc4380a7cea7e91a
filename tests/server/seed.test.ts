import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getMeta } from '../../server/db/meta';
import { openDatabase, type Db } from '../../server/db/open';
import { SEEDED_META_KEY, seedIfFirstStart, type SeedOptions } from '../../server/db/seed';
import { FileStore } from '../../server/files/store';
import { listMachines } from '../../server/machines/repository';
import { FIXTURES, makeTempDir } from './helpers';

let dir: string;
let db: Db;
afterEach(() => {
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function fresh(): { store: FileStore; options: SeedOptions } {
  dir = makeTempDir();
  fs.mkdirSync(path.join(dir, 'files'));
  db = openDatabase(path.join(dir, 'rvm.sqlite'));
  return {
    store: new FileStore(path.join(dir, 'files'), db),
    options: {
      seedPath: path.join(FIXTURES, 'machines.json'),
      photosDir: path.join(FIXTURES, 'photos'),
      maxPhotoBytes: 1024 * 1024,
    },
  };
}

const count = (sql: string): number => Number(db.prepare(sql).pluck().get());

describe('seedIfFirstStart', () => {
  it('loads the demo data once, with its photos stored and linked', async () => {
    const { store, options } = fresh();
    const outcome = await seedIfFirstStart(db, store, options);
    expect(outcome).toEqual({
      status: 'seeded',
      machines: 4,
      photos: 2,
      warnings: [expect.stringContaining('RVM-004: photo "no-such-photo.png" not found')],
    });
    expect(count('SELECT count(*) FROM machines')).toBe(4);
    expect(count('SELECT count(*) FROM files')).toBe(2);
    expect(count('SELECT count(*) FROM machines WHERE picture_id IS NOT NULL')).toBe(2);
    const photo = db
      .prepare(
        "SELECT f.id, f.content_type, f.original_name FROM machines m JOIN files f ON f.id = m.picture_id WHERE m.id = 'RVM-001'",
      )
      .get();
    expect(photo).toMatchObject({ content_type: 'image/png', original_name: 'rvm-001.png' });
    const stored = fs.readFileSync(path.join(dir, 'files', (photo as { id: string }).id));
    expect(stored.equals(fs.readFileSync(path.join(FIXTURES, 'photos', 'rvm-001.png')))).toBe(true);
    expect(getMeta(db, SEEDED_META_KEY)).toMatch(/^\d{4}-/);

    expect(await seedIfFirstStart(db, store, options)).toEqual({ status: 'skipped', reason: 'alreadySeeded' });
    expect(count('SELECT count(*) FROM machines')).toBe(4);
  });

  it('does not seed again after an operator empties the table', async () => {
    const { store, options } = fresh();
    await seedIfFirstStart(db, store, options);
    db.prepare('DELETE FROM machines').run();
    expect(await seedIfFirstStart(db, store, options)).toEqual({ status: 'skipped', reason: 'alreadySeeded' });
    expect(count('SELECT count(*) FROM machines')).toBe(0);
  });

  it('leaves a table that already has machines alone and marks it seeded', async () => {
    const { store, options } = fresh();
    await seedIfFirstStart(db, store, options);
    db.prepare('DELETE FROM meta').run();
    db.prepare("DELETE FROM machines WHERE id != 'RVM-001'").run();
    expect(await seedIfFirstStart(db, store, options)).toEqual({ status: 'skipped', reason: 'hasMachines' });
    expect(count('SELECT count(*) FROM machines')).toBe(1);
    expect(getMeta(db, SEEDED_META_KEY)).toBeDefined();
  });

  it('waits, unflagged, when the demo file does not exist yet', async () => {
    const { store, options } = fresh();
    const missing = { ...options, seedPath: path.join(dir, 'nope.json') };
    expect(await seedIfFirstStart(db, store, missing)).toEqual({ status: 'skipped', reason: 'noSeedFile' });
    expect(getMeta(db, SEEDED_META_KEY)).toBeUndefined();
    expect((await seedIfFirstStart(db, store, options)).status).toBe('seeded');
  });

  it('refuses invalid demo data with every error and loads nothing', async () => {
    const { store, options } = fresh();
    const rows = JSON.parse(fs.readFileSync(options.seedPath, 'utf8'));
    rows[1].district = 'KOWLON CITY';
    rows[2].coordinates = [114.1889, 22.3814];
    const seedPath = path.join(dir, 'bad.json');
    fs.writeFileSync(seedPath, JSON.stringify(rows));
    const attempt = seedIfFirstStart(db, store, { ...options, seedPath });
    await expect(attempt).rejects.toThrow(/row 2 \(RVM-001\): district "KOWLON CITY" is not a known district/);
    await expect(seedIfFirstStart(db, store, { ...options, seedPath })).rejects.toThrow(
      /row 3 \(RVM-003\): coordinates .* look swapped/,
    );
    expect(count('SELECT count(*) FROM machines')).toBe(0);
    expect(getMeta(db, SEEDED_META_KEY)).toBeUndefined();
  });

  it('refuses a demo photo that is not an image', async () => {
    const { store, options } = fresh();
    const rows = JSON.parse(fs.readFileSync(options.seedPath, 'utf8'));
    rows[0].photo = 'not-an-image.png';
    const seedPath = path.join(dir, 'bad-photo.json');
    fs.writeFileSync(seedPath, JSON.stringify(rows));
    await expect(seedIfFirstStart(db, store, { ...options, seedPath })).rejects.toThrow(
      /RVM-002: photo "not-an-image.png" is not a PNG/,
    );
    expect(count('SELECT count(*) FROM machines')).toBe(0);
    expect(count('SELECT count(*) FROM files')).toBe(0);
  });

  it('seeds the shipped demo data: 129 machines with feed fields, one deactivated, none with a report time', async () => {
    const { store } = fresh();
    const root = path.resolve(import.meta.dirname, '../..');
    const outcome = await seedIfFirstStart(db, store, {
      seedPath: path.join(root, 'assets/demo/machines.json'),
      photosDir: path.join(root, 'assets/photos'),
      maxPhotoBytes: 1024 * 1024,
    });
    expect(outcome).toMatchObject({ status: 'seeded', machines: 129, warnings: [] });

    const machines = listMachines(db);
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
