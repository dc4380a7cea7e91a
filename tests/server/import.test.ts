import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMeta } from '../../server/db/meta';
import { openDatabase, type Db } from '../../server/db/open';
import { SEEDED_META_KEY } from '../../server/db/seed';
import { FileStore } from '../../server/files/store';
import { importMachinesFile } from '../../server/machines/importRows';
import { listMachines } from '../../server/machines/repository';
import { FIXTURES, makeTempDir } from './helpers';

const MAX = 1024 * 1024;
let dir: string;
let db: Db;
let store: FileStore;

beforeEach(() => {
  dir = makeTempDir();
  fs.mkdirSync(path.join(dir, 'files'));
  db = openDatabase(path.join(dir, 'rvm.sqlite'));
  store = new FileStore(path.join(dir, 'files'), db);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Copies fixtures into the temp folder, so photos sit next to the data file. */
function stage(...names: string[]): void {
  for (const name of names) {
    const from = fs.existsSync(path.join(FIXTURES, name)) ? path.join(FIXTURES, name) : path.join(FIXTURES, 'photos', name);
    fs.copyFileSync(from, path.join(dir, name));
  }
}

const count = (sql: string): number => Number(db.prepare(sql).pluck().get());

describe('importMachinesFile', () => {
  it('loads a good CSV: quoting, commas, quotes and line breaks in fields, booleans, photos next to it', async () => {
    stage('good.csv', 'rvm-001.png');
    const result = await importMachinesFile(path.join(dir, 'good.csv'), db, store, MAX);
    expect(result).toEqual({ ok: true, inserted: 3, updated: 0, photos: 1, warnings: [] });

    const [wanChai, mongKok, aberdeen] = listMachines(db);
    expect(wanChai).toMatchObject({
      id: 'RVM-101',
      coordinates: [22.2783, 114.1747],
      area: 'HONG_KONG',
      district: 'WAN CHAI',
      status: '>40%',
      under_maintenance: false,
      service_status: 0,
      name_en: 'Wan Chai Sports Ground, Gate 1',
      name_zht: '灣仔運動場',
      opening_hours: null,
    });
    expect(wanChai?.picture?.id).toMatch(/^[a-f0-9]{64}$/);
    expect(mongKok).toMatchObject({ name_en: 'The "Mong Kok" Kiosk', address_en: 'Nathan Road,\nMong Kok', opening_hours: 'Mo-Fr 10:00-20:00' });
    expect(mongKok).not.toHaveProperty('picture');
    expect(aberdeen).toMatchObject({ under_maintenance: true, service_status: 1, status: 'Full' });
    expect(getMeta(db, SEEDED_META_KEY)).toBeDefined();
  });

  it('reads UTF-8 with a BOM and CRLF line ends', async () => {
    stage('good-bom-crlf.csv');
    const result = await importMachinesFile(path.join(dir, 'good-bom-crlf.csv'), db, store, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 3 });
    expect(listMachines(db).map((machine) => machine.id)).toEqual(['RVM-101', 'RVM-102', 'RVM-103']);
    // The photo is not next to this copy: a warning, not an error.
    expect(result.ok && result.warnings).toEqual([expect.stringContaining('RVM-101: photo "rvm-001.png" not found')]);
  });

  it('loads nothing from a file with one bad row and names that row', async () => {
    stage('bad.csv');
    const result = await importMachinesFile(path.join(dir, 'bad.csv'), db, store, MAX);
    expect(result).toEqual({ ok: false, errors: ['row 3 (RVM-202): district "KOWLON CITY" is not a known district'] });
    expect(count('SELECT count(*) FROM machines')).toBe(0);
    expect(getMeta(db, SEEDED_META_KEY)).toBeUndefined();
  });

  it('refuses duplicate ids', async () => {
    const rows = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'machines.json'), 'utf8'));
    rows[3].id = 'RVM-002';
    fs.writeFileSync(path.join(dir, 'dup.json'), JSON.stringify(rows));
    const result = await importMachinesFile(path.join(dir, 'dup.json'), db, store, MAX);
    expect(result).toEqual({ ok: false, errors: ['row 4 (RVM-002): duplicate id, first used in row 1'] });
    expect(count('SELECT count(*) FROM machines')).toBe(0);
  });

  it('updates existing machines and keeps their photos unless the row brings a new one', async () => {
    stage('good.csv', 'rvm-001.png');
    await importMachinesFile(path.join(dir, 'good.csv'), db, store, MAX);
    const before = listMachines(db)[0]?.picture?.id;

    fs.rmSync(path.join(dir, 'rvm-001.png'));
    const changed = fs.readFileSync(path.join(dir, 'good.csv'), 'utf8').replace('>40%,false', '<=5%,false');
    fs.writeFileSync(path.join(dir, 'good.csv'), changed);
    const result = await importMachinesFile(path.join(dir, 'good.csv'), db, store, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 0, updated: 3, photos: 0 });
    const after = listMachines(db)[0];
    expect(after?.status).toBe('<=5%');
    expect(after?.picture?.id).toBe(before);

    fs.copyFileSync(path.join(FIXTURES, 'photos', 'rvm-002.png'), path.join(dir, 'rvm-001.png'));
    await importMachinesFile(path.join(dir, 'good.csv'), db, store, MAX);
    expect(listMachines(db)[0]?.picture?.id).not.toBe(before);
  });

  it('loads a JSON array in the demo data shape', async () => {
    fs.copyFileSync(path.join(FIXTURES, 'machines.json'), path.join(dir, 'machines.json'));
    stage('rvm-002.png');
    const result = await importMachinesFile(path.join(dir, 'machines.json'), db, store, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 4, photos: 1 });
    expect(count('SELECT count(*) FROM machines WHERE picture_id IS NOT NULL')).toBe(1);
  });

  it('reports unreadable files as errors', async () => {
    const cases: [string, string, RegExp][] = [
      ['broken.json', '[{"id": ', /not valid JSON/],
      ['object.json', '{"id": "RVM-1"}', /must hold an array/],
      ['empty.json', '[]', /holds no machines/],
      ['header.csv', 'id,lat\nRVM-1,22.3\n', /header: missing column "lng"/],
      ['quote.csv', 'id,lat\n"RVM-1,22.3\n', /quoted field is never closed/],
      ['data.txt', 'hello', /expected a \.csv or \.json file/],
    ];
    for (const [name, text, message] of cases) {
      fs.writeFileSync(path.join(dir, name), text);
      const result = await importMachinesFile(path.join(dir, name), db, store, MAX);
      expect(result.ok, name).toBe(false);
      expect(!result.ok && result.errors.join('\n'), name).toMatch(message);
    }
  });
});

describe('npx tsx server/import.ts', () => {
  const run = async (file: string) => {
    const env = { ...process.env, RVM_DB: path.join(dir, 'cli.sqlite'), RVM_FILES: path.join(dir, 'cli-files') };
    try {
      const { stdout, stderr } = await promisify(execFile)(TSX, ['server/import.ts', file], { env, cwd: ROOT });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const ROOT = path.resolve(import.meta.dirname, '../..');
  const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

  it('exits 1, prints every error with its row and loads nothing for a bad file; exits 0 for a good one', async () => {
    stage('bad.csv', 'good.csv', 'rvm-001.png');
    const bad = await run(path.join(dir, 'bad.csv'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('row 3 (RVM-202): district "KOWLON CITY" is not a known district');
    expect(bad.stderr).toContain('nothing was loaded');

    const good = await run(path.join(dir, 'good.csv'));
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('3 inserted, 0 updated, 1 photo(s) stored');

    const cli = openDatabase(path.join(dir, 'cli.sqlite'));
    try {
      expect(cli.prepare('SELECT id FROM machines ORDER BY id').pluck().all()).toEqual(['RVM-101', 'RVM-102', 'RVM-103']);
    } finally {
      cli.close();
    }
  });
});
