import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openReader, type Db } from '../db/sqlite/open';
import { encodedBody, type EncodedBody } from '../http/encodedBody';
import { createListCache, sqliteChangeKey, type ListCache } from './listCache';
import { toApiMachine, type MachineRecord } from '../db/machineRecord';
import type { ApiMachine } from './apiMachine';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

/** Machines written per step: a few milliseconds of work, so the event loop never waits long. */
export const LIST_CHUNK_ROWS = 500;

export interface ListBody extends EncodedBody {
  machines: number;
}

/** The machines after `afterId` in id order, at most `limit`, all read from one snapshot. */
export type ReadPage = (afterId: string, limit: number) => Promise<MachineRecord[]>;

/**
 * The list call's body, written a few hundred machines at a time, each page read after a turn of the event loop,
 * so that 50 000 machines (a 37 MB body) never hold up other requests. `readPage` must read every page from one
 * snapshot. The ETag is the SHA-256 of the body as it is.
 */
export async function buildListBody(readPage: ReadPage): Promise<ListBody> {
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  let machines = 0;
  const add = (text: string): void => {
    const part = Buffer.from(text, 'utf8');
    hash.update(part);
    parts.push(part);
  };
  add('{"success":true,"rvms":[');
  let records = await readPage('', LIST_CHUNK_ROWS);
  for (let separator = ''; records.length > 0; separator = ',') {
    add(separator + records.map((record) => JSON.stringify(toApiMachine(record))).join(','));
    machines += records.length;
    records = await readPage(records.at(-1)!.id, LIST_CHUNK_ROWS);
  }
  add(']}');
  const etag = `"${hash.digest('base64url')}"`;
  return { ...encodedBody(parts, 'application/json; charset=utf-8', etag), machines };
}

/**
 * SQLite: the body read through `reader`, in one read transaction that keeps one snapshot while the server's own
 * connection goes on writing; `reader` must not be the connection that writes.
 */
export async function buildSqliteListBody(reader: Db): Promise<ListBody> {
  const page = reader.prepare('SELECT * FROM machines WHERE id > ? ORDER BY id LIMIT ?');
  reader.exec('BEGIN');
  try {
    let first = true;
    return await buildListBody(async (afterId, limit) => {
      if (!first) await nextTurn();
      first = false;
      return page.all(afterId, limit) as MachineRecord[];
    });
  } finally {
    reader.exec('COMMIT');
  }
}

/**
 * The list call's body as sent (compressed at most once per encoding), kept until the database changes; the
 * health check reads the same. Reads go through a second connection, closed by the returned `close`.
 */
export function createSqliteListBody(db: Db): ListCache<ListBody> & { close(): Promise<void> } {
  const reader = openReader(db);
  return {
    ...createListCache(sqliteChangeKey(db), () => buildSqliteListBody(reader)),
    close: async () => void reader.close(),
  };
}
