import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openReader, type Db } from '../db/open';
import { encodedBody, type EncodedBody } from '../http/encodedBody';
import { createListCache, type ListCache } from './listCache';
import { toApiMachine, type ApiMachine, type MachineRecord } from './repository';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

/** Machines written per step: a few milliseconds of work, so the event loop never waits long. */
export const LIST_CHUNK_ROWS = 500;

export interface ListBody extends EncodedBody {
  machines: number;
}

/**
 * The list call's body, written a few hundred machines at a time with a turn of the event loop between, so
 * that 50 000 machines (a 37 MB body) never hold up other requests. One read transaction on `reader` keeps
 * every step on the same snapshot; `reader` must not be the connection that writes. The ETag is the SHA-256
 * of the body as it is.
 */
export async function buildListBody(reader: Db): Promise<ListBody> {
  const page = reader.prepare('SELECT * FROM machines WHERE id > ? ORDER BY id LIMIT ?');
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  let machines = 0;
  const add = (text: string): void => {
    const part = Buffer.from(text, 'utf8');
    hash.update(part);
    parts.push(part);
  };
  reader.exec('BEGIN');
  try {
    add('{"success":true,"rvms":[');
    let records = page.all('', LIST_CHUNK_ROWS) as MachineRecord[];
    for (let separator = ''; records.length > 0; separator = ',') {
      add(separator + records.map((record) => JSON.stringify(toApiMachine(record))).join(','));
      machines += records.length;
      const after = records.at(-1)!.id;
      await nextTurn();
      records = page.all(after, LIST_CHUNK_ROWS) as MachineRecord[];
    }
    add(']}');
  } finally {
    reader.exec('COMMIT');
  }
  const etag = `"${hash.digest('base64url')}"`;
  return { ...encodedBody(parts, 'application/json; charset=utf-8', etag), machines };
}

/**
 * The list call's body as sent (compressed at most once per encoding), kept until the database changes; the
 * health check reads the same. Reads go through a second connection, closed by the returned `close`.
 */
export function createListBody(db: Db): ListCache<ListBody> & { close(): void } {
  const reader = openReader(db);
  return { ...createListCache(db, () => buildListBody(reader)), close: () => reader.close() };
}
