import type { Readable } from 'node:stream';
import type { CheckedImage } from '../files/checkImage';

/** A photo checked and stored under its content hash, not yet recorded in the `files` table. */
export type StoredBlob = CheckedImage;

export interface FileRecord extends StoredBlob {
  originalName: string | null;
  createdAt: string;
}

export interface SaveOptions {
  maxBytes: number;
  originalName?: string | null;
}

/**
 * The content-addressed photo store: files on disk beside SQLite, a table with PostgreSQL (so every instance
 * serves every photo). Writing a blob and recording it are two steps, so that an import records its photos in
 * the same transaction as its machines.
 */
export interface PhotoStore {
  /** Checks (size, image type), hashes and stores the bytes; not yet recorded. */
  writeBlob(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBlob>;
  /** writeBlob, then records it: an upload. */
  save(source: AsyncIterable<Uint8Array>, options: SaveOptions): Promise<StoredBlob>;
  /** The record for `id`, or null; a malformed id is null without a query. */
  find(id: string): Promise<FileRecord | null>;
  /** The record and its bytes, or null when it is unknown or its bytes are missing. */
  open(id: string): Promise<{ record: FileRecord; stream: Readable } | null>;
}
