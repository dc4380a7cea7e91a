import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, keyForStatus, type ApiErrorBody, type ApiErrorKey, type ErrorDetails } from '../errors';

/** What a 503 for a busy database asks the client to wait, seconds: an import holds the lock about a second. */
export const BUSY_RETRY_AFTER_S = 1;

interface Classified {
  status: number;
  msg: ApiErrorKey;
  details?: ErrorDetails;
}

/** The database is busy (another writer holds the lock) or briefly away: worth a retry (Engine.isBusyError). */
export type IsBusyError = (error: unknown) => boolean;

type ErrorHandler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Maps any error to a status and a `msg` key; nothing else about the error reaches the client. */
export function classifyError(error: unknown, isBusyError: IsBusyError): Classified {
  if (error instanceof ApiError) return { status: error.statusCode, msg: error.msg, details: error.details };
  if (isBusyError(error)) return { status: 503, msg: 'systemError' };
  const { code, statusCode, validation } = (error ?? {}) as Partial<FastifyError>;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, msg: 'fileTooLarge' };
  if (validation) return { status: 400, msg: 'badRequest' };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode <= 599) {
    // 406 comes from multipart ("not multipart"); 415 says the same thing in the usual way.
    const status = statusCode === 406 ? 415 : statusCode;
    return { status, msg: keyForStatus(status) };
  }
  return { status: 500, msg: 'systemError' };
}

/** Every failure answered as `{ success: false, msg }`; a busy database as 503 with Retry-After. */
export function createErrorHandler(isBusyError: IsBusyError): ErrorHandler {
  return (error, request, reply) => {
    const { status, msg, details = {} } = classifyError(error, isBusyError);
    // A busy database is expected while the import command writes: one line, not a stack trace each time.
    if (isBusyError(error)) request.log.warn('answered 503: another process (an import) is writing the database');
    // An expected refusal for a while (importBusy): a line, not a stack trace.
    else if (error instanceof ApiError && status === 503) request.log.warn(`answered 503 ${msg}`);
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: error }, `answered ${status} ${msg}`);
    // A failure must never be cached as if it were the resource.
    reply.removeHeader('cache-control');
    reply.removeHeader('etag');
    reply.removeHeader('content-length');
    if (isBusyError(error)) reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    if (typeof details.retryAfterSeconds === 'number') reply.header('retry-after', String(details.retryAfterSeconds));
    const body: ApiErrorBody = { success: false, msg, ...details };
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  };
}
