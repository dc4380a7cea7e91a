import { createHash } from 'node:crypto';
import { ApiError } from '../errors';
import { detectImageType, SNIFF_BYTES } from './imageType';

export const FILE_ID_PATTERN = /^[a-f0-9]{64}$/;

/** An accepted image: its id (the SHA-256 of its bytes), its size and its content type. */
export interface CheckedImage {
  id: string;
  size: number;
  contentType: string;
}

/**
 * Reads `source` to its end, handing each chunk to `write`, while hashing it: a 413 past `maxBytes` (before the
 * chunk over the limit is written), a 415 when the bytes are not an accepted image. The id is the SHA-256.
 */
export async function consumeImage(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  write: (chunk: Uint8Array) => Promise<unknown> | void,
): Promise<CheckedImage> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ApiError(413, 'fileTooLarge');
    hash.update(chunk);
    if (headBytes < SNIFF_BYTES) {
      head.push(Buffer.from(chunk));
      headBytes += chunk.byteLength;
    }
    await write(chunk);
  }
  const contentType = await detectImageType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  if (!contentType) throw new ApiError(415, 'unsupportedFileType');
  return { id: hash.digest('hex'), size, contentType };
}
