/**
 * Markup a browser would run if it ever read the file as a page, searched for anywhere in an image's bytes (a PNG's
 * text chunk, a JPEG's comment, bytes after its end). Each is long enough that compressed pixels hold it by chance
 * about once in ten thousand 5 MB photos or less; a real photo holds none of them.
 */
const MARKUP = [
  '<!doctype',
  '<html>',
  '<html ',
  '<head>',
  '<body',
  '<script',
  '<iframe',
  '<object',
  '<embed',
  '<svg ',
  '<svg>',
  '<form',
  '<meta ',
  '<style',
  'javascript:',
  'onerror=',
  'onload=',
].map((text) => Buffer.from(text, 'latin1'));
const LONGEST = Math.max(...MARKUP.map((text) => text.length));
/** In lower case (Latin-1 as one byte a character, so every byte stays where it was). */
const lowerCase = (bytes: Buffer): Buffer => Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');

/** Searches a stream chunk by chunk, markup split across two chunks included. */
export class MarkupScan {
  private tail: Buffer = Buffer.alloc(0);
  private hit: string | null = null;

  push(chunk: Uint8Array): void {
    if (this.hit !== null) return;
    const text = lowerCase(Buffer.concat([this.tail, chunk]));
    const found = MARKUP.find((markup) => text.includes(markup));
    if (found) this.hit = found.toString('latin1');
    this.tail = text.subarray(Math.max(0, text.length - LONGEST + 1));
  }

  /** The markup found, or null. */
  get found(): string | null {
    return this.hit;
  }
}
