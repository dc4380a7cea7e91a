import { crc32 } from 'node:zlib';
import { ParserInput, StructureError, type ByteParser } from './byteParser';

/**
 * Each accepted image format read to its end as its specification lays it out, without decoding the pixels: every
 * PNG chunk with its checksum, every JPEG segment and scan, every GIF block, every WebP chunk, and the picture's
 * width and height, which must not be 0. A PNG's first bytes with anything else after them are no PNG.
 */

const fail = (reason: string): never => {
  throw new StructureError(reason);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHUNK_TYPE = /^[A-Za-z]{4}$/;
const PNG_MAX_LENGTH = 2 ** 31 - 1;

/** PNG (and APNG, which is PNG): the signature, IHDR first, chunks with good checksums, image data, IEND last. */
export function* pngParser(): ByteParser {
  const input = new ParserInput();
  if (!(yield* input.take(8)).equals(PNG_SIGNATURE)) fail('not a PNG signature');
  let first = true;
  let sawData = false;
  for (;;) {
    const head = yield* input.take(8);
    const length = head.readUInt32BE(0);
    const type = head.subarray(4, 8);
    const name = type.toString('latin1');
    if (!PNG_CHUNK_TYPE.test(name) || length > PNG_MAX_LENGTH) fail('a PNG chunk that is not one');
    if (first && (name !== 'IHDR' || length !== 13)) fail('a PNG that does not start with its header chunk');
    let crc = crc32(type);
    if (first) {
      const header = yield* input.take(13);
      crc = crc32(header, crc);
      if (header.readUInt32BE(0) === 0 || header.readUInt32BE(4) === 0) fail('a PNG of no width or height');
    } else yield* input.skip(length, (piece) => (crc = crc32(piece, crc)));
    if ((yield* input.take(4)).readUInt32BE(0) !== crc) fail(`a PNG chunk ${name} whose checksum is wrong`);
    first = false;
    if (name === 'IDAT') sawData = true;
    if (name === 'IEND') return sawData ? input.leftover() : fail('a PNG without image data');
  }
}

/** JPEG markers with no length after them: the restarts and TEM. */
const isStandalone = (marker: number): boolean => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
/** The start-of-frame markers, which give the picture's size: SOF0-SOF15 but DHT, JPG and DAC. */
const isFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const EOI = 0xd9;
const SOS = 0xda;

/** JPEG: SOI, segments by their lengths, a frame of some size, scans up to their next marker, EOI. */
export function* jpegParser(): ByteParser {
  const input = new ParserInput();
  const soi = yield* input.take(2);
  if (soi[0] !== 0xff || soi[1] !== 0xd8) fail('not a JPEG start');
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if ((yield* input.take(1))[0] !== 0xff) fail('a JPEG segment that does not start with a marker');
    let marker = (yield* input.take(1))[0]!;
    while (marker === 0xff) marker = (yield* input.take(1))[0]!; // fill bytes
    if (marker === EOI) return sawFrame && sawScan ? input.leftover() : fail('a JPEG without a frame and a scan');
    if (isStandalone(marker)) continue;
    if (marker === 0xd8 || marker === 0x00) fail('a JPEG marker out of place');
    const length = (yield* input.take(2)).readUInt16BE(0);
    if (length < 2) fail('a JPEG segment shorter than its length field');
    if (isFrame(marker)) {
      if (length < 8) fail('a JPEG frame too short for its size');
      const frame = yield* input.take(5);
      if (frame.readUInt16BE(1) === 0 || frame.readUInt16BE(3) === 0) fail('a JPEG of no width or height');
      yield* input.skip(length - 7);
      sawFrame = true;
    } else yield* input.skip(length - 2);
    if (marker === SOS) {
      if (!sawFrame) fail('a JPEG scan before its frame');
      yield* skipScan(input);
      sawScan = true;
    }
  }
}

/** A scan's entropy-coded bytes, up to the next marker (an FF not followed by 00 or a restart), which is put back. */
function* skipScan(input: ParserInput): Generator<number, void, Buffer> {
  for (;;) {
    const piece = yield* input.some(64 * 1024);
    if (piece.length === 0) fail('the file ends inside a JPEG scan');
    for (let at = piece.indexOf(0xff); at !== -1; at = piece.indexOf(0xff, at + 1)) {
      if (at === piece.length - 1) {
        // The byte after this FF is still to come.
        input.unread(piece.subarray(at));
        const pair = yield* input.take(2);
        if (pair[1] === 0x00 || (pair[1]! >= 0xd0 && pair[1]! <= 0xd7)) break;
        input.unread(pair);
        return;
      }
      const next = piece[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        at += 1;
        continue;
      }
      input.unread(piece.subarray(at));
      return;
    }
  }
}

/** GIF: the header, a screen of some size, its colour table, extension and image blocks, the trailer. */
export function* gifParser(): ByteParser {
  const input = new ParserInput();
  const header = (yield* input.take(6)).toString('latin1');
  if (header !== 'GIF87a' && header !== 'GIF89a') fail('not a GIF header');
  const screen = yield* input.take(7);
  if (screen.readUInt16LE(0) === 0 || screen.readUInt16LE(2) === 0) fail('a GIF of no width or height');
  yield* colourTable(input, screen[4]!);
  let sawImage = false;
  for (;;) {
    const block = (yield* input.take(1))[0];
    if (block === 0x3b) return sawImage ? input.leftover() : fail('a GIF without an image');
    if (block === 0x21) {
      yield* input.take(1); // the extension's label
      yield* subBlocks(input);
    } else if (block === 0x2c) {
      const image = yield* input.take(9);
      if (image.readUInt16LE(4) === 0 || image.readUInt16LE(6) === 0) fail('a GIF image of no width or height');
      yield* colourTable(input, image[8]!);
      const codeSize = (yield* input.take(1))[0]!;
      if (codeSize < 2 || codeSize > 8) fail('a GIF image whose code size is not one');
      yield* subBlocks(input);
      sawImage = true;
    } else fail('a GIF block that is not one');
  }
}

function* colourTable(input: ParserInput, packed: number): Generator<number, void, Buffer> {
  if (packed & 0x80) yield* input.skip(3 * 2 ** ((packed & 0x07) + 1));
}

function* subBlocks(input: ParserInput): Generator<number, void, Buffer> {
  for (let size = (yield* input.take(1))[0]!; size !== 0; size = (yield* input.take(1))[0]!) yield* input.skip(size);
}

/** WebP: a RIFF file of the size it says, of chunks that fit in it, one of them a picture of some size. */
export function* webpParser(): ByteParser {
  const input = new ParserInput();
  const riff = yield* input.take(12);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WEBP') fail('not a WebP');
  let left = riff.readUInt32LE(4) - 4;
  let sawPicture = false;
  while (left > 0) {
    if (left < 8) fail('a WebP chunk cut short');
    const head = yield* input.take(8);
    const name = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    const padded = size + (size & 1);
    if (padded > left - 8) fail('a WebP chunk larger than its file');
    let read = 0;
    if (name === 'VP8 ' || name === 'VP8L' || name === 'VP8X') {
      read = name === 'VP8 ' ? 10 : name === 'VP8L' ? 5 : 10;
      if (size < read) fail('a WebP picture chunk too short for its size');
      const picture = yield* input.take(read);
      if (name === 'VP8 ') {
        if (picture[3] !== 0x9d || picture[4] !== 0x01 || picture[5] !== 0x2a) fail('a VP8 picture without its start');
        if ((picture.readUInt16LE(6) & 0x3fff) === 0 || (picture.readUInt16LE(8) & 0x3fff) === 0) {
          fail('a WebP of no width or height');
        }
      } else if (name === 'VP8L' && picture[0] !== 0x2f) fail('a lossless WebP picture without its signature');
      sawPicture = true;
    }
    yield* input.skip(padded - read);
    left -= 8 + padded;
  }
  return sawPicture ? input.leftover() : fail('a WebP without a picture');
}
