import type { FromSchema } from 'json-schema-to-ts';
import { ApiError } from '../errors';
import type { PhotoStore } from '../db/engine';
import { ifNoneMatchHits } from '../http/etag';
import { errorAnswer, SERVER_ERRORS } from './apiSchemas';
import { route } from './route';

const FILE_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: "The photo's id: the SHA-256 of its bytes, in hex" } },
} as const;

const IMAGE = { schema: { type: 'string', format: 'binary' } } as const;

/** Any id is looked up: one that cannot be a photo's is as unknown as a deleted one (404, not 400). */
export const FILE_SCHEMA = {
  tags: ['photos'],
  operationId: 'getPhoto',
  summary: "A machine's photo",
  description:
    'Its id is its hash, so it never changes: cached for a year (immutable), ETag for If-None-Match. Served with ' +
    "nosniff, `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox` and " +
    '`Content-Disposition: inline; filename="rvm-photo-<first 12 of the id>.<type>"`: shown, never run.',
  params: FILE_PARAMS,
  headers: {
    type: 'object',
    properties: { 'if-none-match': { type: 'string', description: 'The ETag held: 304 when it names this photo' } },
  },
  response: {
    200: {
      description: 'The image as it was stored',
      content: {
        'image/png': IMAGE,
        'image/apng': IMAGE,
        'image/jpeg': IMAGE,
        'image/webp': IMAGE,
        'image/gif': IMAGE,
      },
    },
    304: { description: 'Not modified', type: 'null' },
    400: errorAnswer('badRequest: the path is not valid URL encoding'),
    404: errorAnswer('fileNotFound: no such photo'),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * A stored photo is shown, never run: opened on its own in a tab it may not load or run anything, and it is a
 * sandbox of its own (the policy GitHub serves user content with).
 */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The name a saved copy takes: from the id and the type, never from what an uploader called it. */
export const downloadName = (id: string, contentType: string): string =>
  `rvm-photo-${id.slice(0, 12)}.${EXTENSIONS[contentType] ?? 'bin'}`;

/** `GET /api/file/:id`: a stored image. Its id is its hash, so it never changes and caches for good. */
export const fileRoutes = ({ engine }: { engine: { files: PhotoStore } }) => ({
  photo: route<{ Params: FromSchema<typeof FILE_PARAMS> }>({
    schema: FILE_SCHEMA,
    handler: async (request, reply) => {
      const store = engine.files;
      const { id } = request.params;
      const record = await store.find(id);
      if (!record) throw new ApiError(404, 'fileNotFound');
      const etag = `"${record.id}"`;
      const cacheHeaders = {
        'cache-control': 'public, max-age=31536000, immutable',
        etag,
        'x-content-type-options': 'nosniff',
        'content-security-policy': FILE_CSP,
        'content-disposition': `inline; filename="${downloadName(record.id, record.contentType)}"`,
      };
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).headers(cacheHeaders).send();

      const opened = await store.open(id);
      if (!opened) {
        request.log.warn({ id }, 'file recorded but missing from the store');
        throw new ApiError(404, 'fileNotFound');
      }
      return reply
        .headers(cacheHeaders)
        .type(opened.record.contentType)
        .header('content-length', opened.record.size)
        .send(opened.stream);
    },
  }),
});
