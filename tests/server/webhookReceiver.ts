import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers and raw body, as a receiver verifying the signature reads them. */
export interface Received {
  /** The path and query it was sent to. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed. */
  json: { id: string; event: string; at: string; alert: Record<string, unknown> };
}

/** An answer with a body that goes on: up to `bytes`, or until the client stops reading and closes. */
export interface StreamedAnswer {
  status: number;
  bytes: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The status of each next answer, taken in turn (then 204); 'hang' never answers. */
  answers: (number | 'hang' | StreamedAnswer)[];
  /** For each streamed answer, in turn: the bytes it wrote before it ended or the client closed. */
  streamed: Promise<number>[];
  close(): Promise<void>;
}

/** Writes `answer.bytes` of text in 64 KiB chunks, as fast as the client reads; resolves with what was written. */
async function stream(response: http.ServerResponse, answer: StreamedAnswer): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 'INTERNAL-SECRET: the receiver says too much. ');
  response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
  let written = 0;
  while (written < answer.bytes && !response.destroyed) {
    const flowing = response.write(chunk);
    written += chunk.length;
    if (!flowing) {
      await new Promise((resolve) => {
        response.once('drain', resolve);
        response.once('close', resolve);
      });
    }
  }
  response.end();
  return written;
}

/** A local HTTP server that keeps every POST it is sent. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Pick<WebhookReceiver, 'received' | 'answers' | 'streamed'> = {
    received: [],
    answers: [],
    streamed: [],
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      receiver.received.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        json: JSON.parse(body.toString('utf8')) as never,
      });
      const answer = receiver.answers.shift() ?? 204;
      if (answer === 'hang') return void hanging.add(response);
      if (typeof answer === 'object') {
        hanging.add(response);
        return void receiver.streamed.push(stream(response, answer));
      }
      response.writeHead(answer).end(answer >= 400 ? 'receiver says no' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/rvm`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** Waits until `check` holds, polling every 20 ms, or fails after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
