import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { keyForStatus, type ApiErrorBody } from '../errors';
import { BASE_SECURITY_HEADERS } from '../security/headers';

/** Node's codes for a request too slow to arrive and a header block over its limit; anything else is malformed. */
function statusFor(code: string): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses never reaches Fastify's routes or hooks,
 * so its answer is written here, in the app's `{ success: false, msg }` form with the app's headers.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection is already gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusFor(error.code);
  this.log.info({ err: error }, `answered ${status} to a request the HTTP parser refused`);
  if (socket.writable) {
    const answer: ApiErrorBody = { success: false, msg: keyForStatus(status) };
    const body = JSON.stringify(answer);
    const headers = {
      ...BASE_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
