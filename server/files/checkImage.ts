import { createHash } from 'node:crypto';
import { ApiError } from '../errors';
import { ParserFeed, type ByteParser } from './byteParser';
import { gifParser, jpegParser, pngParser, webpParser } from './imageFormats';
import { detectImageType, SNIFF_BYTES } from './imageType';
import { MarkupScan } from './markupScan';

export const FILE_ID_PATTERN = /^[a-f0-9]{64}$/;

/** An accepted image: its id (the SHA-256 of its bytes), its size and its content type. */
export interface CheckedImage {
  id: string;
  size: number;
  contentType: string;
}

/** Each accepted type's parser, and whether bytes may follow its image (a phone's JPEG may carry a video). */
const PARSERS: Readonly<Record<string, { parser: () => ByteParser; trailer: boolean }>> = {
  'image/png': { parser: pngParser, trailer: false },
  'image/apng': { parser: pngParser, trailer: false },
  'image/jpeg': { parser: jpegParser, trailer: true },
  'image/gif': { parser: gifParser, trailer: false },
  'image/webp': { parser: webpParser, trailer: false },
};

/** Why an upload is not taken as an image, for the log; the client hears 415 unsupportedFileType. */
export class NotAnImageError extends ApiError {
  constructor(readonly reason: string) {
    super(415, 'unsupportedFileType');
  }
}

/**
 * Reads `source` to its end, handing each chunk to `write`, while hashing it: a 413 past `maxBytes` (before the
 * chunk over the limit is written), a 415 when the bytes are not an accepted image: its type judged from its first
 * bytes, then the whole file read as that format lays it out (imageFormats.ts), with no markup a browser would run
 * anywhere in it (markupScan.ts). The id is the SHA-256.
 */
export async function consumeImage(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  write: (chunk: Uint8Array) => Promise<unknown> | void,
): Promise<CheckedImage> {
  const hash = createHash('sha256');
  const markup = new MarkupScan();
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let image: ImageRead | null = null;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ApiError(413, 'fileTooLarge');
    hash.update(chunk);
    markup.push(chunk);
    if (image) image.structure.push(chunk);
    else {
      head.push(Buffer.from(chunk));
      headBytes += chunk.byteLength;
      if (headBytes >= SNIFF_BYTES) image = await startReading(head);
    }
    await write(chunk);
  }
  image ??= await startReading(head);
  const problem = image.structure.end();
  if (problem !== null) throw new NotAnImageError(problem);
  if (markup.found !== null) throw new NotAnImageError(`it holds ${markup.found}`);
  return { id: hash.digest('hex'), size, contentType: image.contentType };
}

interface ImageRead {
  contentType: string;
  structure: ParserFeed;
}

/** The type judged from the file's first bytes, and its parser handed them. */
async function startReading(head: readonly Buffer[]): Promise<ImageRead> {
  const contentType = await detectImageType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  if (!contentType) throw new NotAnImageError('not an accepted image type');
  const { parser, trailer } = PARSERS[contentType]!;
  const structure = new ParserFeed(parser(), trailer);
  for (const chunk of head) structure.push(chunk);
  return { contentType, structure };
}
