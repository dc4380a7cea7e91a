import { fileTypeFromBuffer } from 'file-type';

/** Bytes file-type needs to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

/** Raster images a browser shows safely in an <img>. SVG is refused: it can carry script. */
const ALLOWED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

/** The content type judged from the file's first bytes, or null when it is not an accepted image. */
export async function detectImageType(head: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(head);
  return type && ALLOWED_IMAGE_TYPES.has(type.mime) ? type.mime : null;
}
