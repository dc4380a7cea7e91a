// A reverse proxy in front of the real server, as in a deploy: it can answer the event stream with a proxy's
// own 503 page for a while and cut the streams it carries, as a proxy does while the server behind it restarts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer } from '../../testkit/browser/harness';

const EVENTS_PATH = '/api/events';

export interface OutageProxy {
  url: string;
  /** The real server behind it (for operator calls that do not go through the proxy). */
  server: RunningServer;
  /** Paths and queries of every request to the event stream, refused ones too. */
  eventRequests: { url: string; refused: boolean }[];
  /** From now on the event stream gets the proxy's 503, and the streams already open are cut. */
  startOutage: () => void;
  endOutage: () => void;
  stop: () => Promise<void>;
}

export async function startOutageProxy(env: Record<string, string> = {}): Promise<OutageProxy> {
  const server = await startServer(env);
  const target = new URL(server.url);
  let outage = false;
  const open = new Set<http.ServerResponse>();
  const eventRequests: OutageProxy['eventRequests'] = [];

  const proxy = http.createServer((request, response) => {
    const isEvents = new URL(request.url ?? '/', target).pathname === EVENTS_PATH;
    if (isEvents) eventRequests.push({ url: request.url ?? '', refused: outage });
    if (isEvents && outage) {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Temporarily Unavailable</h1>');
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
    if (isEvents) {
      open.add(response);
      response.once('close', () => {
        open.delete(response);
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    eventRequests,
    startOutage: () => {
      outage = true;
      for (const response of open) response.destroy();
    },
    endOutage: () => {
      outage = false;
    },
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await server.stop();
    },
  };
}
