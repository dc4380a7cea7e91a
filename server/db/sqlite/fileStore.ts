import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Executor } from '../executor';
import type { StoredBlob } from '../photoStore';
import { FilesSql, RECORD_FILE_SQL, recordFileValues, type PhotoBytes } from '../stores/files';
import type { Db } from './open';
import { consumeImage, FILE_ID_PATTERN } from '../../files/checkImage';

/** Temp files are named `.tmp-<pid>-<uuid>` while an upload is written; the rename to the hash ends them. */
export const TEMP_PREFIX = '.tmp-';

/** SQLite's photo store: the bytes on disk (DiskBytes), the records in its `files` table. */
export class FileStore extends FilesSql {
  constructor(
    dir: string,
    sql: Executor,
    private readonly connection: Db,
  ) {
    super(sql, new DiskBytes(dir));
  }

  /** Records a blob already in place, synchronously: in the machines' save, not on the executor yet. */
  record(blob: StoredBlob, originalName: string | null): void {
    this.connection.prepare(RECORD_FILE_SQL).run(...recordFileValues(blob, originalName));
  }
}

/**
 * The bytes on disk: a file's name is the sha256 of its bytes, so equal uploads share one file and concurrent
 * writers never collide (each writes its own temp file; rename is atomic).
 */
class DiskBytes implements PhotoBytes {
  constructor(private readonly dir: string) {}

  /**
   * Streams `source` to a temp file while hashing it, refuses anything over `maxBytes` or not an
   * accepted image, then renames it to its hash. On any failure the temp file is removed.
   */
  async write(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob> {
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

  async read(id: string): Promise<Readable | null> {
    try {
      const handle = await fs.open(this.pathOf(id), 'r');
      return handle.createReadStream();
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
