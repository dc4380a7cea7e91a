import { Readable } from 'node:stream';
import type pg from 'pg';
import type { FileRecord, PhotoStore, SaveOptions, StoredBlob } from '../engine';
import type { Queryable } from './pool';
import { consumeImage, FILE_ID_PATTERN } from '../../files/checkImage';

const RECORD_COLUMNS =
  'id, content_type AS "contentType", size, original_name AS "originalName", created_at AS "createdAt"';

/** Records a blob whose bytes are stored; inside the caller's transaction. */
export async function pgRecordFile(db: Queryable, blob: StoredBlob, originalName: string | null): Promise<void> {
  await db.query(
    `INSERT INTO files (id, content_type, size, original_name, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [blob.id, blob.contentType, blob.size, originalName, new Date().toISOString()],
  );
}

/**
 * The photo store in PostgreSQL: the bytes in `file_contents` under their SHA-256, the record in `files` (as with
 * SQLite, recorded only once the bytes are stored, so a record always has its bytes). Every instance serves every
 * photo, and pg_dump holds them. Photos are small (5 MiB at most): each is read and written whole.
 */
export class PgFileStore implements PhotoStore {
  constructor(private readonly pool: pg.Pool) {}

  async writeBlob(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob> {
    const chunks: Uint8Array[] = [];
    const blob = await consumeImage(source, maxBytes, (chunk) => void chunks.push(chunk));
    await this.pool.query('INSERT INTO file_contents (id, content) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
      blob.id,
      Buffer.concat(chunks),
    ]);
    return blob;
  }

  async save(source: AsyncIterable<Uint8Array>, options: SaveOptions): Promise<StoredBlob> {
    const blob = await this.writeBlob(source, options.maxBytes);
    await pgRecordFile(this.pool, blob, options.originalName ?? null);
    return blob;
  }

  async find(id: string): Promise<FileRecord | null> {
    if (!FILE_ID_PATTERN.test(id)) return null;
    const { rows } = await this.pool.query<FileRecord>(`SELECT ${RECORD_COLUMNS} FROM files WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async open(id: string): Promise<{ record: FileRecord; stream: Readable } | null> {
    if (!FILE_ID_PATTERN.test(id)) return null;
    const { rows } = await this.pool.query<FileRecord & { content: Buffer }>(
      `SELECT ${RECORD_COLUMNS}, content FROM files JOIN file_contents USING (id) WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    const { content, ...record } = row;
    return { record, stream: Readable.from([content]) };
  }
}
