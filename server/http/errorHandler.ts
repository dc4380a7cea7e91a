import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_RETRY_AFTER_S, isBusyError } from '../db/busy';
import { ApiError, keyForStatus, type ApiErrorBody, type ApiErrorKey } from '../errors';

interface Classified {
  status: number;
  msg: ApiErrorKey;
}

/** Maps any error to a status and a `msg` key; nothing else about the error reaches the client. */
export function classifyError(error: unknown): Classified {
  if (error instanceof ApiError) return { status: error.statusCode, msg: error.msg };
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

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, msg } = classifyError(error);
  // A busy database is expected while the import command writes: one line, not a stack trace each time.
  if (isBusyError(error)) request.log.warn('answered 503: another process (an import) is writing the database');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ err: error }, `answered ${status} ${msg}`);
  // A failure must never be cached as if it were the resource.
  reply.removeHeader('cache-control');
  reply.removeHeader('etag');
  reply.removeHeader('content-length');
  if (isBusyError(error)) reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
  const body: ApiErrorBody = { success: false, msg };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
