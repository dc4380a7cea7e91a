import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/db/engine';
import { SEEDED_META_KEY } from '../../server/importing/seed';
import { importMachinesFile } from '../../server/importing/importRows';
import { builtServerFile } from '../../scripts/build/serverBuild';
import {
  FIXTURES,
  makeTempDir,
  openTestEngine,
  runServerCommandOnTerminal,
  type TestEngine,
  type TestSql,
} from './helpers';

const MAX = 1024 * 1024;
let dir: string;
let opened: TestEngine;
let engine: Engine;
let sql: TestSql;

beforeEach(async () => {
  dir = makeTempDir();
  opened = await openTestEngine(dir);
  ({ engine, sql } = opened);
});
afterEach(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Copies fixtures into the temp folder, so photos sit next to the data file. */
function stage(...names: string[]): void {
  for (const name of names) {
    const from = fs.existsSync(path.join(FIXTURES, name))
      ? path.join(FIXTURES, name)
      : path.join(FIXTURES, 'photos', name);
    fs.copyFileSync(from, path.join(dir, name));
  }
}

const count = async (query: string): Promise<number> => Number(await sql.value(query));

describe('importMachinesFile', () => {
  it('loads a good CSV: quoting, commas, quotes and line breaks in fields, booleans, photos next to it', async () => {
    stage('good.csv', 'rvm-001.png');
    const result = await importMachinesFile(path.join(dir, 'good.csv'), engine, MAX);
    expect(result).toEqual({ ok: true, inserted: 3, updated: 0, photos: 1, warnings: [] });

    const [wanChai, mongKok, aberdeen] = await engine.listMachines();
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
    expect(mongKok).toMatchObject({
      name_en: 'The "Mong Kok" Kiosk',
      address_en: 'Nathan Road,\nMong Kok',
      opening_hours: 'Mo-Fr 10:00-20:00',
    });
    expect(mongKok).not.toHaveProperty('picture');
    expect(aberdeen).toMatchObject({ under_maintenance: true, service_status: 1, status: 'Full' });
    expect(await engine.getMeta(SEEDED_META_KEY)).toBeDefined();
  });

  it('reads UTF-8 with a BOM and CRLF line ends', async () => {
    stage('good-bom-crlf.csv');
    const result = await importMachinesFile(path.join(dir, 'good-bom-crlf.csv'), engine, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 3 });
    expect((await engine.listMachines()).map((machine) => machine.id)).toEqual(['RVM-101', 'RVM-102', 'RVM-103']);
    // The photo is not next to this copy: a warning, not an error.
    expect(result.ok && result.warnings).toEqual([expect.stringContaining('RVM-101: photo "rvm-001.png" not found')]);
  });

  it('loads nothing from a file with one bad row and names that row', async () => {
    stage('bad.csv');
    const result = await importMachinesFile(path.join(dir, 'bad.csv'), engine, MAX);
    expect(result).toEqual({ ok: false, errors: ['row 3 (RVM-202): district "KOWLON CITY" is not a known district'] });
    expect(await count('SELECT count(*) FROM machines')).toBe(0);
    expect(await engine.getMeta(SEEDED_META_KEY)).toBeUndefined();
  });

  it('refuses duplicate ids', async () => {
    const rows = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'machines.json'), 'utf8'));
    rows[3].id = 'RVM-002';
    fs.writeFileSync(path.join(dir, 'dup.json'), JSON.stringify(rows));
    const result = await importMachinesFile(path.join(dir, 'dup.json'), engine, MAX);
    expect(result).toEqual({ ok: false, errors: ['row 4 (RVM-002): duplicate id, first used in row 1'] });
    expect(await count('SELECT count(*) FROM machines')).toBe(0);
  });

  it('updates existing machines and keeps their photos unless the row brings a new one', async () => {
    stage('good.csv', 'rvm-001.png');
    await importMachinesFile(path.join(dir, 'good.csv'), engine, MAX);
    const before = (await engine.listMachines())[0]?.picture?.id;

    fs.rmSync(path.join(dir, 'rvm-001.png'));
    const changed = fs.readFileSync(path.join(dir, 'good.csv'), 'utf8').replace('>40%,false', '<=5%,false');
    fs.writeFileSync(path.join(dir, 'good.csv'), changed);
    const result = await importMachinesFile(path.join(dir, 'good.csv'), engine, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 0, updated: 3, photos: 0 });
    const after = (await engine.listMachines())[0];
    expect(after?.status).toBe('<=5%');
    expect(after?.picture?.id).toBe(before);

    fs.copyFileSync(path.join(FIXTURES, 'photos', 'rvm-002.png'), path.join(dir, 'rvm-001.png'));
    await importMachinesFile(path.join(dir, 'good.csv'), engine, MAX);
    expect((await engine.listMachines())[0]?.picture?.id).not.toBe(before);
  });

  it('loads a JSON array in the demo data shape', async () => {
    fs.copyFileSync(path.join(FIXTURES, 'machines.json'), path.join(dir, 'machines.json'));
    stage('rvm-002.png');
    const result = await importMachinesFile(path.join(dir, 'machines.json'), engine, MAX);
    expect(result).toMatchObject({ ok: true, inserted: 4, photos: 1 });
    expect(await count('SELECT count(*) FROM machines WHERE picture_id IS NOT NULL')).toBe(1);
  });

  it('reports unreadable files as errors', async () => {
    const cases: [string, string, RegExp][] = [
      ['broken.json', '[{"id": ', /not valid JSON/],
      ['object.json', '{"id": "RVM-1"}', /must hold an array/],
      ['empty.json', '[]', /holds no machines/],
      ['header.csv', 'id,lat\nRVM-1,22.3\n', /header: missing column "lng"/],
      ['quote.csv', '"id,lat\nRVM-1,22.3\n', /row 1: a quoted field is never closed/],
      ['data.txt', 'hello', /expected a \.csv or \.json file/],
    ];
    for (const [name, text, message] of cases) {
      fs.writeFileSync(path.join(dir, name), text);
      const result = await importMachinesFile(path.join(dir, name), engine, MAX);
      expect(result.ok, name).toBe(false);
      expect(!result.ok && result.errors.join('\n'), name).toMatch(message);
    }
  });
});

const feedRow = (patch: Record<string, unknown> = {}) => ({
  id: 'RVM-301',
  coordinates: [22.2783, 114.1747],
  area: 'HONG_KONG',
  district: 'WAN CHAI',
  status: 'Full',
  under_maintenance: false,
  service_status: 0,
  name_en: 'Harbour Road Sports Centre',
  name_zht: '港灣道體育館',
  name_zhs: '港湾道体育馆',
  address_en: '27 Harbour Road, Wan Chai',
  address_zht: '灣仔港灣道27號',
  address_zhs: '湾仔港湾道27号',
  service_hour_en: '24 hours',
  service_hour_zht: '24小時',
  service_hour_zhs: '24小时',
  ...patch,
});
const FEED_PATCH = {
  bin_count: 3,
  bin_count_full_threshold: 2,
  deactivated: true,
  last_emptied_at: '2026-11-22T09:30:00+08:00',
  last_online: '2026-11-23T14:05:00',
  last_full: '2026-11-23T05:00:00Z',
  operator_note: 'moved inside',
  sensor: { model: 'RX-2', readings: [1, null, 'x'] },
};
const writeJson = (name: string, rows: unknown[]): string => {
  fs.writeFileSync(path.join(dir, name), JSON.stringify(rows));
  return path.join(dir, name);
};
const stored = (id: string) => sql.get('SELECT * FROM machines WHERE id = ?', id);

describe("importing the feed's extra fields", () => {
  it('stores the six fields (timestamps in UTC) and the unknown fields from JSON, and answers them', async () => {
    const result = await importMachinesFile(
      writeJson('feed.json', [feedRow(FEED_PATCH), feedRow({ id: 'RVM-302' })]),
      engine,
      MAX,
    );
    expect(result).toMatchObject({ ok: true, inserted: 2 });
    expect(await stored('RVM-301')).toMatchObject({
      bin_count: 3,
      bin_count_full_threshold: 2,
      deactivated: 1,
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_online: '2026-11-23T06:05:00.000Z',
      last_full: '2026-11-23T05:00:00.000Z',
      extra: JSON.stringify({ operator_note: 'moved inside', sensor: { model: 'RX-2', readings: [1, null, 'x'] } }),
    });
    expect(await stored('RVM-302')).toMatchObject({ bin_count: null, deactivated: 0, last_online: null, extra: null });
    const [first, second] = await engine.listMachines();
    expect(first).toMatchObject({
      deactivated: true,
      last_online: '2026-11-23T06:05:00.000Z',
      operator_note: 'moved inside',
      sensor: { model: 'RX-2', readings: [1, null, 'x'] },
    });
    expect(second).toMatchObject({
      bin_count: null,
      bin_count_full_threshold: null,
      deactivated: false,
      last_full: null,
    });
  });

  it('reads the same from CSV, unknown columns kept as text', async () => {
    const header = Object.keys(feedRow()).filter((key) => key !== 'coordinates');
    const csv = [
      [
        'lat',
        'lng',
        ...header,
        'bin_count',
        'bin_count_full_threshold',
        'deactivated',
        'last_emptied_at',
        'last_online',
        'last_full',
        'operator_note',
      ],
      [
        '22.2783',
        '114.1747',
        ...header.map((key) => String(feedRow()[key as keyof ReturnType<typeof feedRow>])),
        '3',
        '2',
        'yes',
        '2026-11-22T09:30:00+08:00',
        '2026-11-23 14:05',
        '',
        'moved inside',
      ],
    ]
      .map((line) => line.map((field) => `"${field}"`).join(','))
      .join('\n');
    fs.writeFileSync(path.join(dir, 'feed.csv'), csv);
    expect(await importMachinesFile(path.join(dir, 'feed.csv'), engine, MAX)).toMatchObject({
      ok: true,
      inserted: 1,
    });
    expect((await engine.listMachines())[0]).toMatchObject({
      bin_count: 3,
      bin_count_full_threshold: 2,
      deactivated: true,
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_online: '2026-11-23T06:05:00.000Z',
      last_full: null,
      operator_note: 'moved inside',
    });
  });

  it('replaces the feed fields and unknown fields on a re-import: what the new file leaves out is unknown again', async () => {
    await importMachinesFile(writeJson('feed.json', [feedRow(FEED_PATCH)]), engine, MAX);
    const result = await importMachinesFile(
      writeJson('again.json', [feedRow({ bin_count: 1, other: 1 })]),
      engine,
      MAX,
    );
    expect(result).toMatchObject({ ok: true, updated: 1 });
    expect(await stored('RVM-301')).toMatchObject({
      bin_count: 1,
      bin_count_full_threshold: null,
      deactivated: 0,
      last_online: null,
      extra: '{"other":1}',
    });
  });

  it.each([
    [
      'a bad timestamp',
      { last_online: 'yesterday' },
      'row 2 (RVM-302): last_online "yesterday" must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00',
    ],
    [
      'a last report in 9999',
      { last_online: '9999-12-31T23:59:59+08:00' },
      'row 2 (RVM-302): last_online "9999-12-31T23:59:59+08:00" must be from 2000-01-01 to at most 5 minutes after ' +
        "the server's clock",
    ],
    [
      'a last emptying in 1900',
      { last_emptied_at: '1900-01-01T00:00:00Z' },
      'row 2 (RVM-302): last_emptied_at "1900-01-01T00:00:00Z" must be from 2000-01-01 to at most 5 minutes after ' +
        "the server's clock",
    ],
    [
      'a threshold over the bin count',
      { bin_count: 1, bin_count_full_threshold: 2 },
      'row 2 (RVM-302): bin_count_full_threshold 2 must not be more than bin_count 1',
    ],
    [
      'a reserved field name',
      JSON.parse('{"__proto__": {"admin": true}}'),
      'row 2 (RVM-302): field "__proto__" cannot be kept: the name is reserved',
    ],
    [
      'too much unknown data',
      { blob: 'x'.repeat(9000) },
      'row 2 (RVM-302): the unknown fields take more than 8192 bytes as JSON, the most kept per machine',
    ],
  ])('loads nothing and changes nothing when one row has %s', async (_name, patch, message) => {
    await importMachinesFile(writeJson('feed.json', [feedRow(FEED_PATCH)]), engine, MAX);
    const before = await stored('RVM-301');
    const rows = [
      feedRow({ ...FEED_PATCH, bin_count: 1, bin_count_full_threshold: 1 }),
      { ...feedRow({ id: 'RVM-302' }), ...patch },
    ];
    const result = await importMachinesFile(writeJson('bad.json', rows), engine, MAX);
    expect(result).toEqual({ ok: false, errors: [message] });
    expect(await count('SELECT count(*) FROM machines')).toBe(1);
    expect(await stored('RVM-301')).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('npm run import (dist-server/import.js)', () => {
  // With PostgreSQL, the command loads into the database this file's RVM_DATABASE_URL names.
  const cliStore = () => ({ dbPath: path.join(dir, 'cli.sqlite'), filesDir: path.join(dir, 'cli-files') });

  const run = async (file: string) => {
    const env = { ...process.env, RVM_DB: cliStore().dbPath, RVM_FILES: cliStore().filesDir };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [builtServerFile('import'), file], {
        env,
        cwd: ROOT,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const ROOT = path.resolve(import.meta.dirname, '../..');

  it('exits 1, prints every error with its row and loads nothing for a bad file; exits 0 for a good one', async () => {
    stage('bad.csv', 'good.csv', 'rvm-001.png');
    const bad = await run(path.join(dir, 'bad.csv'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('row 3 (RVM-202): district "KOWLON CITY" is not a known district');
    expect(bad.stderr).toContain('nothing was loaded');

    const good = await run(path.join(dir, 'good.csv'));
    expect(good.code).toBe(0);
    // Off a terminal: no progress, one summary line with the time and the rate.
    expect(good.stderr).toBe('');
    expect(good.stdout).toMatch(
      /good\.csv: 3 inserted, 0 updated, 1 photo\(s\) stored \(.+\) in [\d.]+ m?s \([\d,]+ rows\/s\)\n$/,
    );

    const cli = await openTestEngine(dir, { ...cliStore(), databaseUrl: process.env.RVM_DATABASE_URL ?? null });
    try {
      expect((await cli.engine.listMachines()).map((machine) => machine.id)).toEqual(['RVM-101', 'RVM-102', 'RVM-103']);
      expect(await cli.sql.all('SELECT source, inserted, actor FROM machine_import_audit')).toEqual([
        { source: path.join(dir, 'good.csv'), inserted: 3, actor: `import command (${os.userInfo().username})` },
      ]);
    } finally {
      await cli.close();
    }
  });

  it('on a terminal, shows each phase as it goes, then clears it for the summary line', async () => {
    stage('good.csv', 'rvm-001.png');
    const { code, output } = await runServerCommandOnTerminal('import', [path.join(dir, 'good.csv')], {
      RVM_DB: cliStore().dbPath,
      RVM_FILES: cliStore().filesDir,
    });
    expect(code).toBe(0);
    expect(output).toMatch(/^\rreading and checking: [\d.]+ KB \/ 0\.8 KB/);
    expect(output).toContain('\rstoring photos: 0 / 1 photos');
    expect(output).toContain('\rsaving: 0 / 3 rows');
    expect(output).toMatch(/\r +\r\S+good\.csv: \d inserted, \d updated, 1 photo\(s\) stored .+ rows\/s\)\r\n$/);
  });

  it('reports a value nested 100 000 deep by its row, with the other rows, instead of failing on it', async () => {
    // JSON.stringify cannot write such a value (it runs out of stack), so the file is written by hand.
    const deep = `${'['.repeat(100_000)}22.28${']'.repeat(100_000)}`;
    const rows = [
      feedRow(),
      feedRow({ id: 'RVM-302', coordinates: '__DEEP__' }),
      feedRow({ id: 'RVM-303', area: 'X' }),
    ];
    const file = path.join(dir, 'deep.json');
    fs.writeFileSync(file, JSON.stringify(rows).replace('"__DEEP__"', deep));
    const result = await run(file);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/RangeError|call stack/);
    expect(result.stderr).toContain('row 2 (RVM-302): nests arrays or objects more than 64 levels deep');
    expect(result.stderr).toContain('row 3 (RVM-303): area "X" is not one of');
    expect(result.stderr).toContain('2 error(s); nothing was loaded');
  });

  it('prints bad values with control characters escaped and cut short: an ESC sequence, a 10 MB value', async () => {
    const hostile = '\u001b]0;owned\u0007\u001b[2J';
    const huge = 'x'.repeat(10 * 1024 * 1024);
    writeJson('hostile.json', [feedRow({ id: `RVM-${hostile}`, status: hostile, name_en: huge })]);
    const header = Object.keys(feedRow()).filter((key) => key !== 'coordinates');
    const values = header.map(
      (key) => `"${key === 'district' ? `${hostile}${huge}` : String(feedRow()[key as 'id'])}"`,
    );
    fs.writeFileSync(path.join(dir, 'hostile.csv'), `lat,lng,${header.join(',')}\n22.28,114.17,${values.join(',')}\n`);

    for (const name of ['hostile.json', 'hostile.csv']) {
      const result = await run(path.join(dir, name));
      expect(result.code, name).toBe(1);
      // Asserted on what is found, not on the output: a failure must not print 10 MB either.
      expect(result.stderr.match(/[^\P{Cc}\n]/gu), name).toBeNull();
      expect(Math.max(...result.stderr.split('\n').map((line) => line.length)), name).toBeLessThan(300);
      expect(result.stderr.includes('\\u001b]0;owned\\u0007\\u001b[2J'), name).toBe(true);
    }
    const json = await run(path.join(dir, 'hostile.json'));
    expect(json.stderr.includes(`name_en "${'x'.repeat(80)}…" (${huge.length} characters) must be text`)).toBe(true);
  });
});
