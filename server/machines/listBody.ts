import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/open';
import { toApiMachine, type MachineRecord } from './repository';

/** Machines written per step: a few milliseconds of work, so the event loop never waits long. */
export const LIST_CHUNK_ROWS = 500;

export interface ListBody {
  /**
   * `{"success":true,"rvms":[…]}`, every machine sorted by id, as UTF-8, in the pieces it was written in:
   * joining 37 MB into one buffer would be one more long step.
   */
  chunks: readonly Buffer[];
  bytes: number;
  /** A strong ETag: the SHA-256 of the body. */
  etag: string;
}

/**
 * The list call's body, written a few hundred machines at a time with a turn of the event loop between, so
 * that 50 000 machines (a 37 MB body) never hold up other requests. One read transaction on `reader` keeps
 * every step on the same snapshot; `reader` must not be the connection that writes.
 */
export async function buildListBody(reader: Db): Promise<ListBody> {
  const page = reader.prepare('SELECT * FROM machines WHERE id > ? ORDER BY id LIMIT ?');
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let bytes = 0;
  const add = (text: string): void => {
    const chunk = Buffer.from(text, 'utf8');
    hash.update(chunk);
    chunks.push(chunk);
    bytes += chunk.length;
  };
  reader.exec('BEGIN');
  try {
    add('{"success":true,"rvms":[');
    let records = page.all('', LIST_CHUNK_ROWS) as MachineRecord[];
    for (let separator = ''; records.length > 0; separator = ',') {
      add(separator + records.map((record) => JSON.stringify(toApiMachine(record))).join(','));
      const after = records.at(-1)!.id;
      await nextTurn();
      records = page.all(after, LIST_CHUNK_ROWS) as MachineRecord[];
    }
    add(']}');
  } finally {
    reader.exec('COMMIT');
  }
  return { chunks, bytes, etag: `"${hash.digest('base64url')}"` };
}
