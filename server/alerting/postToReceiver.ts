import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type ReceiverGuard } from './receiverGuard';

/**
 * POSTs `body` to a webhook's receiver and answers its HTTP status as soon as the status line and headers are in.
 * Nothing of the answer's body is read, whatever the status: the connection is closed there, so a receiver that
 * streams gigabytes costs nothing (Node bounds the headers at 16 KB). The connection goes to the addresses `guard`
 * checked, never to a second resolution of the name; a redirect is an answer like any other, not followed.
 */
export async function postToReceiver(
  url: string,
  body: string,
  headers: Record<string, string>,
  guard: ReceiverGuard,
  signal: AbortSignal,
): Promise<number> {
  const target = new URL(url);
  // A resolver that hangs waits no longer than the attempt, nor past a shutdown.
  const abandoned = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
  );
  abandoned.catch(() => undefined);
  signal.throwIfAborted();
  const addresses = await Promise.race([guard.addresses(target.hostname), abandoned]);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        // A connection of its own, closed with the answer: none is kept open to a receiver between deliveries.
        agent: false,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What the delivery log keeps of an answer that is not a success: its status and the status's standard name. */
export function answerReason(status: number): string {
  const name = http.STATUS_CODES[status];
  const reason = `HTTP ${status}${name ? ` (${name})` : ''}`;
  return status >= 300 && status < 400 ? `${reason}: a redirect, not followed` : reason;
}
