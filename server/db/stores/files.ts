import { Readable } from 'node:stream';
import { consumeImage, FILE_ID_PATTERN } from '../../files/checkImage';
import type { Executor } from '../executor';
import type { FileRecord, PhotoStore, SaveOptions, StoredBlob } from '../photoStore';

const RECORD_COLUMNS =
  'id, content_type AS "contentType", size, original_name AS "originalName", created_at AS "createdAt"';

export const RECORD_FILE_SQL = `INSERT INTO files (id, content_type, size, original_name, created_at)
  VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`;

export const recordFileValues = (blob: StoredBlob, originalName: string | null): unknown[] => [
  blob.id,
  blob.contentType,
  blob.size,
  originalName,
  new Date().toISOString(),
];

/** Records a blob whose bytes are stored, in `tx`: the caller's transaction, or none. */
export async function recordFile(tx: Executor, blob: StoredBlob, originalName: string | null): Promise<void> {
  await tx.run(RECORD_FILE_SQL, recordFileValues(blob, originalName));
}

/** Where a photo's bytes are kept, under their SHA-256: on disk beside SQLite, in the database with PostgreSQL. */
export interface PhotoBytes {
  /** Checks (size, image type), hashes and stores the bytes. */
  write(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob>;
  /** The bytes stored under `id`, or null when they are missing. */
  read(id: string): Promise<Readable | null>;
}

/**
 * The photo store: the record in `files`, written only once the bytes are stored, so a record always has its bytes.
 * Writing a blob and recording it are two steps, so that an import records its photos in the same transaction as
 * its machines.
 */
export class FilesSql implements PhotoStore {
  constructor(
    private readonly db: Executor,
    private readonly bytes: PhotoBytes,
  ) {}

  writeBlob(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob> {
    return this.bytes.write(source, maxBytes);
  }

  async save(source: AsyncIterable<Uint8Array>, options: SaveOptions): Promise<StoredBlob> {
    const blob = await this.writeBlob(source, options.maxBytes);
    await recordFile(this.db, blob, options.originalName ?? null);
    return blob;
  }

  async find(id: string): Promise<FileRecord | null> {
    if (!FILE_ID_PATTERN.test(id)) return null;
    return (await this.db.get<FileRecord>(`SELECT ${RECORD_COLUMNS} FROM files WHERE id = ?`, [id])) ?? null;
  }

  async open(id: string): Promise<{ record: FileRecord; stream: Readable } | null> {
    const record = await this.find(id);
    const stream = record && (await this.bytes.read(record.id));
    return record && stream ? { record, stream } : null;
  }
}

/**
 * PostgreSQL's photo bytes, in `file_contents`: every instance serves every photo, and pg_dump holds them. Photos
 * are small (5 MiB at most): each is read and written whole.
 */
export class TableBytes implements PhotoBytes {
  constructor(private readonly db: Executor) {}

  async write(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob> {
    const chunks: Uint8Array[] = [];
    const blob = await consumeImage(source, maxBytes, (chunk) => void chunks.push(chunk));
    await this.db.run('INSERT INTO file_contents (id, content) VALUES (?, ?) ON CONFLICT (id) DO NOTHING', [
      blob.id,
      Buffer.concat(chunks),
    ]);
    return blob;
  }

  async read(id: string): Promise<Readable | null> {
    const row = await this.db.get<{ content: Buffer }>('SELECT content FROM file_contents WHERE id = ?', [id]);
    return row ? Readable.from([row.content]) : null;
  }
}
