import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS } from '../../server/db/migrations';
import { openDatabase, type Db } from '../../server/db/open';
import { makeTempDir } from './helpers';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const ROW = {
  id: 'RVM-1',
  lat: 22.3,
  lng: 114.1,
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status: 'Full',
  under_maintenance: 0,
  service_status: 0,
  picture_id: null as string | null,
};
const insert = (db: Db, patch: Partial<typeof ROW>): void => {
  const row = { ...ROW, ...patch };
  db.prepare(
    `INSERT INTO machines (id, lat, lng, area, district, status, under_maintenance, service_status,
       name_en, name_zht, name_zhs, address_en, address_zht, address_zhs,
       service_hour_en, service_hour_zht, service_hour_zhs, picture_id, updated_at)
     VALUES (@id, @lat, @lng, @area, @district, @status, @under_maintenance, @service_status,
       'n', 'n', 'n', 'a', 'a', 'a', 's', 's', 's', @picture_id, 'now')`,
  ).run(row);
};

describe('database', () => {
  it('opens in WAL mode with foreign keys on and records each migration once', () => {
    dir = makeTempDir();
    const file = path.join(dir, 'db.sqlite');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    db.close();

    const again = openDatabase(file);
    expect(again.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(MIGRATIONS.length);
    again.close();
  });

  it('applies only migrations it has not seen', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    const next = { version: 99, name: 'test', sql: 'CREATE TABLE extra (x INTEGER) STRICT;' };
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([99]);
    expect(migrate(db, [...MIGRATIONS, next])).toEqual([]);
    db.close();
  });

  it('keeps machines consistent with CHECK and foreign key constraints', () => {
    dir = makeTempDir();
    const db = openDatabase(path.join(dir, 'db.sqlite'));
    insert(db, {});
    expect(() => insert(db, { id: 'a', status: 'half' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'b', area: 'LANTAU' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'c', district: 'WAN CHAI' })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'd', under_maintenance: 2 })).toThrow(/CHECK/);
    expect(() => insert(db, { id: 'e', picture_id: 'f'.repeat(64) })).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO files VALUES ('../x', 'image/png', 1, NULL, 'now')").run()).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM machines').pluck().get()).toBe(1);
    db.close();
  });
});
