import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers and raw body, as a receiver verifying the signature reads them. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed. */
  json: { id: string; event: string; at: string; alert: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The status of each next answer, taken in turn (then 204); 'hang' never answers. */
  answers: (number | 'hang')[];
  close(): Promise<void>;
}

/** A local HTTP server that keeps every POST it is sent. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Pick<WebhookReceiver, 'received' | 'answers'> = { received: [], answers: [] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      receiver.received.push({ headers: request.headers, body, json: JSON.parse(body.toString('utf8')) as never });
      const answer = receiver.answers.shift() ?? 204;
      if (answer === 'hang') return void hanging.add(response);
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
