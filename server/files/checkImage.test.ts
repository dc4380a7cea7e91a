import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { consumeImage, NotAnImageError } from './checkImage';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string): Buffer => fs.readFileSync(path.join(ROOT, file));

/** The smallest GIF: one transparent pixel. */
const GIF = Buffer.from(
  '47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b',
  'hex',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = deflateSync(Buffer.alloc((width * 3 + 1) * height, 7));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    ...extra,
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The bytes as a stream of chunks of `size`, as an upload arrives. */
async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function verdict(bytes: Buffer, size = 1000): Promise<string> {
  try {
    const image = await consumeImage(chunks(bytes, size), 10 * 1024 * 1024, () => undefined);
    return image.contentType;
  } catch (error) {
    if (error instanceof NotAnImageError) return `refused: ${error.reason}`;
    throw error;
  }
}

const JPEG = read('tests/fixtures/images/machine.jpg');
const WEBP = read('tests/fixtures/images/machine.webp');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

describe('consumeImage: a whole image of an accepted type, and nothing else', () => {
  it('takes every demo photo, a JPEG, two WebPs, a GIF and a PNG of its own, whatever the chunks', async () => {
    const photos = fs.readdirSync(path.join(ROOT, 'assets/photos')).filter((name) => name.endsWith('.png'));
    expect(photos.length).toBeGreaterThan(20);
    for (const name of photos) expect(await verdict(read(`assets/photos/${name}`)), name).toBe('image/png');
    for (const size of [1, 7, 4100, 1 << 20]) {
      expect(await verdict(JPEG, size), `JPEG in ${size}-byte chunks`).toBe('image/jpeg');
      expect(await verdict(WEBP, size), `WebP in ${size}-byte chunks`).toBe('image/webp');
      expect(await verdict(GIF, size), `GIF in ${size}-byte chunks`).toBe('image/gif');
      expect(await verdict(png(40, 30), size), `PNG in ${size}-byte chunks`).toBe('image/png');
    }
    expect(await verdict(read('tests/fixtures/images/machine-lossless.webp'))).toBe('image/webp');
    // A phone's JPEG may carry more after its end (a motion photo's video); padding after any image is fine.
    expect(await verdict(Buffer.concat([JPEG, Buffer.from('ftypmp42 video bytes')]))).toBe('image/jpeg');
    expect(await verdict(Buffer.concat([png(4, 4), Buffer.alloc(64)]))).toBe('image/png');
  });

  it.each([
    ['a PNG signature followed by HTML', Buffer.concat([png(1, 1).subarray(0, 8), HTML]), /not an accepted image type/],
    ['a PNG header chunk followed by HTML', Buffer.concat([png(1, 1).subarray(0, 33), HTML]), /ends inside the image/],
    ['a whole PNG followed by HTML', Buffer.concat([png(1, 1), HTML]), /bytes follow the end/],
    ['a whole PNG followed by other bytes', Buffer.concat([png(1, 1), Buffer.from('x')]), /bytes follow the end/],
    [
      'a PNG with HTML in a text chunk',
      png(2, 2, [pngChunk('tEXt', Buffer.concat([Buffer.from('a\0'), HTML]))]),
      /<script|<!doctype/,
    ],
    ['a PNG cut short', png(8, 8).subarray(0, 60), /ends inside the image/],
    ['a PNG of no width', png(0, 1), /no width or height/],
    [
      'a PNG whose data does not match its checksum',
      (() => {
        const bytes = png(4, 4);
        bytes[45] = bytes[45]! ^ 0xff;
        return bytes;
      })(),
      /checksum is wrong/,
    ],
    [
      'a JPEG start followed by HTML',
      Buffer.concat([JPEG.subarray(0, 2), HTML]),
      /not an accepted image type|JPEG segment/,
    ],
    ['a JPEG cut inside its scan', JPEG.subarray(0, JPEG.length - 40), /ends inside a JPEG scan/],
    ['a whole JPEG followed by HTML', Buffer.concat([JPEG, HTML]), /<script|<!doctype/],
    ['a GIF header followed by script', Buffer.from('GIF89a/*\x01\x00\x01\x00*/=alert(1)//<script>', 'latin1'), /./],
    ['a GIF followed by HTML', Buffer.concat([GIF, HTML]), /bytes follow the end/],
    ['a WebP cut short', WEBP.subarray(0, WEBP.length - 10), /ends inside the image|larger than its file/],
    ['a WebP whose size hides HTML after it', Buffer.concat([WEBP, HTML]), /bytes follow the end/],
    ['an HTML page', HTML, /not an accepted image type/],
  ])('refuses %s', async (_name, bytes, reason) => {
    const answer = await verdict(bytes);
    expect(answer).toMatch(/^refused: /);
    expect(answer).toMatch(reason);
  });

  it('answers 415 unsupportedFileType for a refused image', async () => {
    await expect(
      consumeImage(chunks(Buffer.concat([png(1, 1), HTML]), 64), 1 << 20, () => undefined),
    ).rejects.toMatchObject({ statusCode: 415, msg: 'unsupportedFileType' });
  });
});
