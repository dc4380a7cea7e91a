import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileRecord, PhotoStore, SaveOptions, StoredBlob } from '../engine';
import type { Db } from './open';
import { consumeImage, FILE_ID_PATTERN } from '../../files/checkImage';

export { FILE_ID_PATTERN } from '../../files/checkImage';
export type { FileRecord, SaveOptions, StoredBlob } from '../engine';
/** Temp files are named `.tmp-<pid>-<uuid>` while an upload is written; the rename to the hash ends them. */
export const TEMP_PREFIX = '.tmp-';

/**
 * Content-addressed image store: a file's name is the sha256 of its bytes, so equal uploads share one
 * file and concurrent writers never collide (each writes its own temp file; rename is atomic).
 */
export class FileStore implements PhotoStore {
  constructor(
    readonly dir: string,
    private readonly db: Db,
  ) {}

  /** Writes, checks and records one image. The `files` row exists only once the file is in place. */
  async save(source: AsyncIterable<Uint8Array>, options: SaveOptions): Promise<StoredBlob> {
    const blob = await this.writeBlob(source, options.maxBytes);
    this.record(blob, options.originalName ?? null);
    return blob;
  }

  /**
   * Streams `source` to a temp file while hashing it, refuses anything over `maxBytes` or not an
   * accepted image, then renames it to its hash. On any failure the temp file is removed.
   */
  async writeBlob(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob> {
    const tempPath = path.join(this.dir, `${TEMP_PREFIX}${process.pid}-${randomUUID()}`);
    const handle = await fs.open(tempPath, 'wx');
    let closed = false;
    try {
      const blob = await consumeImage(source, maxBytes, (chunk) => handle.write(chunk));
      await handle.sync();
      await handle.close();
      closed = true;
      await fs.rename(tempPath, this.pathOf(blob.id));
      await this.syncDir();
      return blob;
    } catch (error) {
      if (!closed) await handle.close().catch(() => undefined);
      await fs.rm(tempPath, { force: true });
      throw error;
    }
  }

  /** Records a blob already renamed into place. Synchronous so callers can include it in a transaction. */
  record(blob: StoredBlob, originalName: string | null): void {
    this.db
      .prepare(
        `INSERT INTO files (id, content_type, size, original_name, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO NOTHING`,
      )
      .run(blob.id, blob.contentType, blob.size, originalName, new Date().toISOString());
  }

  async find(id: string): Promise<FileRecord | null> {
    return this.findSync(id);
  }

  /** The record for `id`, or null. Malformed ids are refused before anything touches the disk. */
  findSync(id: string): FileRecord | null {
    if (!FILE_ID_PATTERN.test(id)) return null;
    const row = this.db
      .prepare(
        `SELECT id, content_type AS contentType, size, original_name AS originalName, created_at AS createdAt
         FROM files WHERE id = ?`,
      )
      .get(id) as FileRecord | undefined;
    return row ?? null;
  }

  /** Opens a recorded file for reading, or null when it is unknown or missing on disk. */
  async open(id: string): Promise<{ record: FileRecord; stream: ReadStream } | null> {
    const record = this.findSync(id);
    if (!record) return null;
    try {
      const handle = await fs.open(this.pathOf(record.id), 'r');
      return { record, stream: handle.createReadStream() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private pathOf(id: string): string {
    if (!FILE_ID_PATTERN.test(id)) throw new Error(`invalid file id ${id}`);
    return path.join(this.dir, id);
  }

  /** Makes the rename itself durable. Best effort: not every file system allows fsync on a directory. */
  private async syncDir(): Promise<void> {
    const dir = await fs.open(this.dir, 'r').catch(() => null);
    if (!dir) return;
    await dir.sync().catch(() => undefined);
    await dir.close();
  }
}
