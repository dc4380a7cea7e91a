import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BUSY_RETRY_AFTER_S, IMPORT_SLOTS, ImportSlots } from '../../server/importing/importSlots';
import { parseCsv } from '../../server/machines/csv';
import { exportCell, readCell } from '../../server/machines/csvCell';
import { ADMIN_TOKEN, multipart, runServerCommand, startSeededTestServer, type TestServer } from './helpers';
import { addPerson, PEOPLE_SETUP_MS, signIn, type Person } from './people';

/**
 * The console's import and export (issue 52 point 1): the preview is the import command's report, export then import
 * changes nothing, a refused file changes nothing, and a person limited to districts imports only theirs.
 */

interface Preview {
  file: string;
  rows: number;
  counts: Record<'added' | 'changed' | 'unchanged' | 'deactivated' | 'rejected', number>;
  added: { rowNumber: number; id: string; district: string }[];
  changed: { rowNumber: number; id: string; changes: { field: string; before: unknown; after: unknown }[] }[];
  unchanged: { rowNumber: number; id: string }[];
  deactivated: { rowNumber: number; id: string }[];
  rejected: { rowNumber: number; id: string | null; problems: { field: string; code: string }[]; lines: string[] }[];
  warnings: string[];
  key: string;
}

/** The import's limit in these tests: a file one byte over it is refused as one over 64 MiB would be. */
const MAX_BYTES = 256 * 1024;

let server: TestServer;
let admin: Person;
let operator: Person;
let viewer: Person;
let dir: string;
const slots = new ImportSlots();

beforeAll(async () => {
  server = await startSeededTestServer({}, { importMaxBytes: MAX_BYTES, importSlots: slots });
  dir = server.dir;
  await addPerson(server.engine, 'ada', 'admin');
  await addPerson(server.engine, 'sam', 'operator', ['SHA TIN']);
  await addPerson(server.engine, 'vic', 'viewer');
  admin = await signIn(server.app, 'ada');
  operator = await signIn(server.app, 'sam');
  viewer = await signIn(server.app, 'vic');
}, PEOPLE_SETUP_MS);
afterAll(() => server.close());

async function exportCsv(person: Person): Promise<string> {
  const answer = await server.app.inject({ method: 'GET', url: '/api/operator/machines.csv', headers: person.reading });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  return answer.body;
}

async function send(person: Person, url: string, name: string, text: string | Buffer) {
  const form = await multipart({ file: { data: Buffer.from(text), filename: name, type: 'text/csv' } });
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...person.changing },
    payload: form.payload,
  });
}

async function preview(person: Person, name: string, text: string): Promise<Preview> {
  const answer = await send(person, '/api/operator/import/preview', name, text);
  expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
  return (answer.json() as { preview: Preview }).preview;
}

/** The apply's lines: progress, then the outcome. */
async function apply(person: Person, name: string, text: string, key: string) {
  const answer = await send(person, `/api/operator/import?key=${key}`, name, text);
  const lines =
    answer.statusCode === 200
      ? answer.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  return { answer, lines, last: lines.at(-1) };
}

/** The machines as the operator API answers them, for comparing before and after. */
const machines = async () =>
  (
    await server.app.inject({
      method: 'GET',
      url: '/api/operator/machines',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
  ).json().rvms as Record<string, unknown>[];

const auditImports = async () =>
  (
    (
      await server.app.inject({ method: 'GET', url: '/api/operator/audit?limit=50', headers: admin.reading })
    ).json() as { entries: { kind: string; actor: string; actorKind: string; after: Record<string, unknown> }[] }
  ).entries.filter((entry) => entry.kind === 'import');

/** The export with its rows edited: `edit` gets each row's cells by column and returns the rows to write instead. */
async function edited(
  csv: string,
  edit: (cells: Record<string, string>) => Record<string, string>[] | Record<string, string>,
): Promise<string> {
  const records: string[][] = [];
  for await (const record of parseCsv(csv)) records.push(record);
  const [columns = [], ...rows] = records;
  const out = rows.flatMap((row) => {
    const changed = edit(Object.fromEntries(row.map((cell, i) => [columns[i]!, readCell(cell)])));
    return [changed].flat().map((cells) => columns.map((column) => exportCell(cells[column] ?? '')).join(','));
  });
  return [columns.join(','), ...out].join('\r\n') + '\r\n';
}

describe('the console import: preview and apply', () => {
  it('previews a file with a bad row exactly as npm run import reports it, and changes nothing', async () => {
    const csv = await exportCsv(admin);
    const [first, second] = (await machines()) as { id: string; status: string; deactivated: boolean }[];
    const bad = await edited(csv, (cells) => {
      if (cells.id === first!.id) return { ...cells, status: first!.status === 'Full' ? '>40%' : 'Full' };
      if (cells.id === second!.id) return { ...cells, deactivated: 'true' };
      if (cells.id !== 'RVM-003') return cells;
      // After RVM-003: a new machine, then a row with a misspelt district.
      return [cells, { ...cells, id: 'RVM-NEW-1' }, { ...cells, id: 'RVM-NEW-2', district: 'KOWLON CITY' }];
    });
    const before = await machines();

    const shown = await preview(admin, 'fleet.csv', bad);
    expect(shown.counts).toEqual({
      added: 1,
      changed: 2,
      unchanged: before.length - 2,
      deactivated: 1,
      rejected: 1,
    });
    expect(shown.changed.find((row) => row.id === first!.id)?.changes).toEqual([
      { field: 'status', before: first!.status, after: first!.status === 'Full' ? '>40%' : 'Full' },
    ]);
    expect(shown.deactivated.map((row) => row.id)).toEqual([second!.id]);
    expect(shown.rejected[0]).toMatchObject({
      id: 'RVM-NEW-2',
      problems: [{ field: 'district', code: 'unknownDistrict' }],
    });

    // The command on the same file and the same database: the same lines, and nothing loaded.
    const filePath = path.join(dir, 'fleet.csv');
    fs.writeFileSync(filePath, bad);
    const command = await runServerCommand('import', [filePath], {
      RVM_DB: server.config.dbPath,
      RVM_FILES: server.config.filesDir,
      ...(server.config.databaseUrl ? { RVM_DATABASE_URL: server.config.databaseUrl } : {}),
    });
    expect(command.code).toBe(1);
    const reported = command.stderr.trimEnd().split('\n');
    expect(reported.at(-1)).toBe(`${filePath}: 1 error(s); nothing was loaded`);
    expect(reported.slice(0, -1)).toEqual(shown.rejected.flatMap((row) => row.lines));
    expect(await machines()).toEqual(before);
  });

  it('applies what the preview showed, with progress, history, the audit naming the person, and an event', async () => {
    const csv = await exportCsv(admin);
    const [first] = (await machines()) as { id: string; status: string }[];
    const status = first!.status === 'Full' ? '<=20%' : 'Full';
    const file = await edited(csv, (cells) => (cells.id === first!.id ? { ...cells, status } : cells));
    const shown = await preview(admin, 'one change.csv', file);
    expect(shown.counts).toMatchObject({ added: 0, changed: 1, rejected: 0 });

    const events = await server.app.listen({ port: 0, host: '127.0.0.1' }).then(async (origin) => {
      const stream = new AbortController();
      const response = await fetch(`${origin}/api/events`, { signal: stream.signal });
      return { stream, reader: response.body!.getReader() };
    });
    const { answer, lines, last } = await apply(admin, 'one change.csv', file, shown.key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(lines).toContainEqual({ progress: { phase: 'saving', unit: 'rows', total: 1, done: 1 } });
    expect(last).toEqual({ success: true, outcome: { inserted: 0, updated: 1, photos: 0, warnings: [] } });

    let heard = '';
    while (!heard.includes('event: import')) heard += new TextDecoder().decode((await events.reader.read()).value);
    events.stream.abort();
    expect(heard).toMatch(/"inserted":0,"updated":1/);

    expect(((await machines()) as { id: string; status: string }[])[0]).toMatchObject({ id: first!.id, status });
    const history = await server.app.inject({ method: 'GET', url: `/api/rvm/${first!.id}/history` });
    expect(JSON.stringify(history.json())).toContain(status);
    expect((await auditImports())[0]).toMatchObject({
      actor: 'ada',
      actorKind: 'person',
      after: { source: 'one change.csv', inserted: 0, updated: 1 },
    });
  });

  it('previews its own export as all unchanged, and has nothing to apply', async () => {
    const csv = await exportCsv(admin);
    const shown = await preview(admin, 'export.csv', csv);
    expect(shown.counts).toEqual({
      added: 0,
      changed: 0,
      unchanged: (await machines()).length,
      deactivated: 0,
      rejected: 0,
    });
    const { answer } = await apply(admin, 'export.csv', csv, shown.key);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ msg: 'importNothingToApply' });
  });

  it('refuses a file that is not CSV or JSON, one too large, one unreadable, and a stale key: nothing changes', async () => {
    const before = await machines();
    const auditBefore = (await auditImports()).length;
    const csv = await exportCsv(admin);

    const text = await send(admin, '/api/operator/import/preview', 'fleet.txt', csv);
    expect([text.statusCode, text.json().msg]).toEqual([415, 'unsupportedFileType']);
    const large = await send(admin, '/api/operator/import', 'big.csv', Buffer.alloc(MAX_BYTES + 1, 'a'));
    expect([large.statusCode, large.json().msg]).toEqual([413, 'fileTooLarge']);
    const broken = await send(admin, '/api/operator/import/preview', 'broken.json', '[{"id": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      msg: 'importUnreadable',
      reasons: [expect.stringMatching(/not valid JSON/)],
    });
    const header = await send(admin, '/api/operator/import/preview', 'header.csv', 'id,lat\nRVM-1,22.3\n');
    expect(header.json()).toMatchObject({
      msg: 'importUnreadable',
      reasons: [expect.stringMatching(/missing column/)],
    });

    const changed = await edited(csv, (cells) => ({ ...cells, name_en: `${cells.name_en} (new)` }));
    const shown = await preview(admin, 'names.csv', changed);
    const stale = await apply(admin, 'names.csv', changed, 'f'.repeat(64));
    expect([stale.answer.statusCode, stale.answer.json().msg]).toEqual([409, 'importOutdated']);
    const viewerTry = await apply(viewer, 'names.csv', changed, shown.key);
    expect([viewerTry.answer.statusCode, viewerTry.answer.json().msg]).toEqual([403, 'forbidden']);
    const noCsrf = await server.app.inject({
      method: 'POST',
      url: '/api/operator/import/preview',
      headers: admin.reading,
    });
    expect(noCsrf.statusCode).toBe(403);

    expect(await machines()).toEqual(before);
    expect((await auditImports()).length).toBe(auditBefore);
  });
});

describe('the console import: one at a time', () => {
  it('answers 503 importBusy with Retry-After while another import is read, before reading the file', async () => {
    const csv = await exportCsv(admin);
    const form = await multipart({ file: { data: Buffer.from(csv), filename: 'fleet.csv', type: 'text/csv' } });
    const post = (url: string, payload: PassThrough | Buffer) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { ...form.headers, authorization: `Bearer ${ADMIN_TOKEN}` },
        payload,
      });
    // Previews whose files are still arriving hold every slot.
    const held = Array.from({ length: IMPORT_SLOTS }, () => new PassThrough());
    const holding = held.map((body) => {
      body.write(form.payload.subarray(0, form.payload.length >> 1));
      return post('/api/operator/import/preview', body);
    });
    await expect.poll(() => slots.inUse, { timeout: 20_000 }).toBe(IMPORT_SLOTS);

    const busy = await Promise.all([
      post('/api/operator/import/preview', form.payload),
      post('/api/operator/import?key=x', form.payload),
    ]);
    for (const answer of busy) {
      expect([answer.statusCode, answer.json()]).toEqual([
        503,
        { success: false, msg: 'importBusy', retryAfterSeconds: IMPORT_BUSY_RETRY_AFTER_S },
      ]);
      expect(answer.headers['retry-after']).toBe(String(IMPORT_BUSY_RETRY_AFTER_S));
    }

    for (const body of held) body.end(form.payload.subarray(form.payload.length >> 1));
    for (const answer of await Promise.all(holding)) expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    // Each gives its slot back before it answers, a refused apply too.
    expect(slots.inUse).toBe(0);
    const stale = await post('/api/operator/import?key=x', form.payload);
    expect([stale.statusCode, stale.json().msg]).toEqual([409, 'importOutdated']);
    expect(slots.inUse).toBe(0);
    const after = await post('/api/operator/import/preview', form.payload);
    expect(after.statusCode).toBe(200);
  });
});

describe('the console import within districts', () => {
  it("exports only the operator's districts, which import back all unchanged", async () => {
    const csv = await exportCsv(operator);
    const lines = csv.trimEnd().split('\r\n').slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes(',NEW_TERRITORIES,SHA TIN,'))).toBe(true);
    const shown = await preview(operator, 'sha tin.csv', csv);
    expect(shown.counts).toMatchObject({ unchanged: lines.length, rejected: 0, added: 0, changed: 0 });
  });

  it('refuses each row of another district, and a row moving a machine in from one, and applies the rest', async () => {
    const all = await exportCsv(admin);
    const list = (await machines()) as { id: string; district: string; name_en: string }[];
    const shaTin = list.filter((machine) => machine.district === 'SHA TIN').map((machine) => machine.id);
    const outsider = list.find((machine) => machine.district === 'KOWLOON CITY')!;
    const file = await edited(all, (cells) => {
      if (cells.id === shaTin[0]) return { ...cells, name_en: 'Renamed by sam' };
      if (cells.id === outsider.id) return { ...cells, area: 'NEW_TERRITORIES', district: 'SHA TIN' };
      return cells;
    });
    const shown = await preview(operator, 'all.csv', file);
    expect(shown.counts).toMatchObject({
      changed: 1,
      unchanged: shaTin.length - 1,
      rejected: list.length - shaTin.length,
    });
    const moved = shown.rejected.find((row) => row.id === outsider.id);
    expect(moved?.problems).toEqual([
      { field: 'district', code: 'outsideDistricts', params: { district: 'KOWLOON CITY', yours: 'SHA TIN' } },
    ]);
    expect(moved?.lines[0]).toMatch(/district "KOWLOON CITY" is outside the districts you may change \(SHA TIN\)$/);

    const { last } = await apply(operator, 'all.csv', file, shown.key);
    expect(last).toEqual({ success: true, outcome: { inserted: 0, updated: 1, photos: 0, warnings: [] } });
    const after = (await machines()) as { id: string; district: string; name_en: string }[];
    expect(after.find((machine) => machine.id === shaTin[0])?.name_en).toBe('Renamed by sam');
    expect(after.find((machine) => machine.id === outsider.id)?.district).toBe('KOWLOON CITY');
    expect((await auditImports())[0]).toMatchObject({ actor: 'sam', actorKind: 'person' });
  });
});
