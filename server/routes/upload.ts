import type { MultipartFile } from '@fastify/multipart';
import type {} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { sanitizeOriginalName } from '../files/originalName';
import type { PhotoStore } from '../db/engine';
import { changeRecorder } from './accessChange';
import type { Clock } from '../accounts/clock';
import type { ServerConfig } from '../config';
import type { AccessAuditStore } from '../db/accessAudit';
import { errorAnswer, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;
/** Text fields a form may carry before its file: the page sends none, a form tool may add a few. */
export const UPLOAD_MAX_FIELDS = 10;

/**
 * The body is documented here, not validated before the handler: the handler reads the file as a stream
 * (request.file()), checking its field, size and type as the bytes arrive.
 */
export const UPLOAD_SCHEMA = {
  tags: ['operator'],
  operationId: 'uploadPhoto',
  summary: 'An operator stores a photo',
  description:
    'PNG, JPEG, WebP or GIF, judged by its bytes; at most RVM_UPLOAD_MAX_BYTES (5 MiB by default). An operator or an ' +
    'admin (a photo belongs to no district until a machine is given it).',
  security: CONSOLE_SECURITY,
  body: {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary', description: "The image, with the file's own name" },
          },
        },
      },
    },
  },
  response: {
    200: {
      description: 'Stored: its id, for GET /api/file/{id}',
      type: 'object',
      required: ['success', 'id'],
      properties: { success: { type: 'boolean', const: true }, id: { type: 'string' } },
    },
    400: errorAnswer('fileMissing: no field named file; badRequest: a malformed form'),
    401: errorAnswer('unauthorized: no session and no operator token, or a wrong one (the body is not read)'),
    403: consoleErrorAnswer(
      'forbidden: a viewer; csrfRejected: a session without its x-csrf-token, or from another site; ' +
        'passwordChangeRequired',
    ),
    413: errorAnswer('fileTooLarge: the file is over the limit'),
    415: errorAnswer('unsupportedMediaType: not multipart/form-data; unsupportedFileType: not an accepted image'),
    429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
    ...SERVER_ERRORS,
  },
} as const;

/** `POST /api/upload`: an operator stores one image (multipart field `file`) and gets its id. */
export interface UploadDeps {
  engine: { files: PhotoStore; accessAudit: AccessAuditStore };
  config: Pick<ServerConfig, 'uploadMaxBytes' | 'uploadRateLimitPerMinute'>;
  clock: Clock;
}

export function uploadRoutes({ engine, config, clock }: UploadDeps) {
  const store = engine.files;
  /** Where each photo stored is audited: who, when, from where. */
  const recordChange = changeRecorder(engine.accessAudit, clock);
  return {
    upload: route({
      schema: UPLOAD_SCHEMA,
      // Nothing to validate before the handler, which reads the body as a stream (see UPLOAD_SCHEMA).
      validatorCompiler: () => () => true,
      // The rate limit runs on onRequest, before this check, so token guessing is throttled too.
      config: { rateLimit: { max: config.uploadRateLimitPerMinute, timeWindow: ONE_MINUTE_MS } },
      // preParsing: refuse before a single byte of the body is read.
      handler: async (request) => {
        if (!request.isMultipart()) throw new ApiError(415, 'unsupportedMediaType');
        const part = await firstFile(request, config.uploadMaxBytes).catch(asClientFault);
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new ApiError(400, 'fileMissing');
        }
        const blob = await store
          .save(part.file, { maxBytes: config.uploadMaxBytes, originalName: sanitizeOriginalName(part.filename) })
          .catch((error: unknown) => {
            // The parser failed the file stream: the body was malformed or cut short. Anything else (disk) is ours.
            throw error === part.file.errored ? asClientFault(error) : error;
          });
        // Audited now, not only once a machine is given it: a photo stored and never used is a change too.
        await recordChange(request, 'photoUploaded', blob.id, {
          bytes: blob.size,
          type: blob.contentType,
          name: sanitizeOriginalName(part.filename),
        });
        return { success: true, id: blob.id };
      },
    }),
  };
}

/**
 * The form's file, after at most UPLOAD_MAX_FIELDS text fields, counted here as they arrive. @fastify/multipart
 * hands its own field limit over a tick after the field that passed it, behind the file when the file came in
 * the same chunk: the same form was stored or refused depending on how its bytes arrived. busboy's limit sits one
 * above ours, so the field over the limit always reaches this count first.
 */
async function firstFile(request: FastifyRequest, maxBytes: number): Promise<MultipartFile | undefined> {
  // One byte over the limit lets the store see the overflow and refuse before renaming anything.
  const limits = { fileSize: maxBytes + 1, files: 1, fields: UPLOAD_MAX_FIELDS + 1 };
  let fields = 0;
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') return part;
    fields += 1;
    if (fields > UPLOAD_MAX_FIELDS) throw new ApiError(413, 'payloadTooLarge');
  }
  return undefined;
}

/** Busboy's own errors ("Boundary not found", "Unexpected end of form") carry no status: they are a bad request. */
function asClientFault(error: unknown): never {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (error instanceof ApiError || typeof status === 'number') throw error;
  throw new ApiError(400, 'badRequest');
}
