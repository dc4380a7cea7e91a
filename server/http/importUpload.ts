import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { sanitizeOriginalName } from '../files/originalName';

/** The largest data set the console takes: about 250,000 machines as CSV with every column. */
export const IMPORT_FILE_MAX_BYTES = 64 * 1024 * 1024; // 64 MiB

/** The kinds of file an import reads, by the name's ending (as the import command tells them apart). */
const IMPORT_EXTENSIONS = ['.csv', '.json'] as const;

export interface ReceivedFile {
  /** Where it was written, with its own kind's ending; removed by `discard`. */
  path: string;
  /** The file's own name, as the person's computer gave it. */
  name: string;
  discard(): Promise<void>;
}

/**
 * The form's field `file` (a CSV or JSON data set) written to a folder of its own under the system's temporary
 * folder. A form without it is 400 fileMissing, another kind of file 415 unsupportedFileType (its bytes are not
 * kept), a larger one 413 fileTooLarge: each before anything is read as machines.
 */
export async function receiveImportFile(
  request: FastifyRequest,
  maxBytes = IMPORT_FILE_MAX_BYTES,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new ApiError(415, 'unsupportedMediaType');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(asClientFault);
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new ApiError(400, 'fileMissing');
  }
  const extension = path.extname(part.filename).toLowerCase();
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extension)) {
    part.file.resume();
    throw new ApiError(415, 'unsupportedFileType');
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rvm-import-'));
  const discard = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, `upload${extension}`);
  try {
    await pipeline(part.file, createWriteStream(file)).catch(asClientFault);
    if (part.file.truncated) throw new ApiError(413, 'fileTooLarge');
  } catch (error) {
    await discard();
    throw error;
  }
  return { path: file, name: sanitizeOriginalName(part.filename) ?? `import${extension}`, discard };
}

/** Busboy's own errors carry no status: they are a bad request; the plugin's size limit is the file's. */
function asClientFault(error: unknown): never {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) throw new ApiError(413, 'fileTooLarge');
  if (error instanceof ApiError || typeof status === 'number') throw error;
  throw new ApiError(400, 'badRequest');
}
