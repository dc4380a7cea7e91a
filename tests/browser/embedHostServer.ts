import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../../testkit/browser/harness';

const TYPES: Record<string, string> = {
  '/host.html': 'text/html; charset=utf-8',
  '/host.js': 'text/javascript; charset=utf-8',
  '/host.css': 'text/css; charset=utf-8',
};

export interface HostPageServer {
  /** e.g. http://localhost:40123, an origin of its own: the map runs at http://127.0.0.1:<other port>. */
  origin: string;
  /** The example host page embedding the map at `mapUrl`, in an iframe with `sandbox` when given. */
  hostPageUrl(mapUrl: string, options?: { sandbox?: string }): string;
  stop(): Promise<void>;
}

/** The real example host page (examples/host.*) served from another origin, as an integrator's site would. */
export async function startHostPageServer(): Promise<HostPageServer> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const type = TYPES[pathname];
    if (!type) {
      response.writeHead(404).end();
      return;
    }
    readFile(path.join(ROOT, 'examples', pathname))
      .then((body) => response.writeHead(200, { 'content-type': type }).end(body))
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    hostPageUrl: (mapUrl, options = {}) =>
      `${origin}/host.html?src=${encodeURIComponent(mapUrl)}` +
      (options.sandbox === undefined ? '' : `&sandbox=${encodeURIComponent(options.sandbox)}`),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
