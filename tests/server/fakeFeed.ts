import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FollowerOptions } from '../../server/feed/follower';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { startSeededTestServer, type TestServer } from './helpers';

/** How the fake answers the next list calls. */
export type FeedMode = 'ok' | 'error500' | 'hang' | 'truncated' | 'huge' | 'notAList';

/** A machine already written as JSON, for values JSON.stringify cannot write (nested 100 000 deep). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The list answer's body: each machine as JSON.stringify writes it, or as given. */
const listBody = (rvms: readonly unknown[]): string =>
  `{"success":true,"rvms":[${rvms.map((machine) => (machine instanceof RawJson ? machine.text : (JSON.stringify(machine) ?? 'null'))).join(',')}]}`;

export interface FakeFeed {
  /** The API base to follow, ending in "/". */
  url: string;
  rvms: unknown[];
  mode: FeedMode;
  photos: Map<string, Buffer>;
  /** Photo ids answered with a 500 for now. */
  failingPhotos: Set<string>;
  /** Photo ids whose bytes trickle at one a second after the headers. */
  slowPhotos: Set<string>;
  /** Request paths answered with a redirect there instead (307 for the list, 302 for a photo). */
  redirects: Map<string, string>;
  /** Every list call: when, and the If-None-Match it carried. */
  listCalls: { at: number; ifNoneMatch: string | undefined; status: number }[];
  photoCalls: string[];
  /** Every request, as `METHOD /path`. */
  requests: string[];
  close(): Promise<void>;
}

const HUGE_BYTES = 20 * 1024 * 1024; // 20 MB

/** A feed on a free loopback port, answering `POST rvm/` and `GET file/:id` as the operator's feed does. */
export async function startFakeFeed(rvms: unknown[], photos = new Map<string, Buffer>()): Promise<FakeFeed> {
  const sockets = new Set<Socket>();
  const feed: Omit<FakeFeed, 'url' | 'close'> = {
    rvms,
    mode: 'ok',
    photos,
    failingPhotos: new Set(),
    slowPhotos: new Set(),
    redirects: new Map(),
    listCalls: [],
    photoCalls: [],
    requests: [],
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    feed.requests.push(`${request.method} ${url}`);
    const redirect = feed.redirects.get(url);
    if (request.method === 'GET' && url.startsWith('/api/file/')) {
      const id = decodeURIComponent(url.slice('/api/file/'.length));
      feed.photoCalls.push(id);
      if (redirect !== undefined) return void response.writeHead(302, { location: redirect }).end();
      const photo = feed.photos.get(id);
      if (!photo || feed.failingPhotos.has(id)) {
        response.writeHead(photo ? 500 : 404).end();
        return;
      }
      if (feed.slowPhotos.has(id)) return trickle(response, photo);
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.length }).end(photo);
      return;
    }
    if (request.method !== 'POST' || url !== '/api/rvm/') {
      response.writeHead(404).end();
      return;
    }
    request.resume();
    const call = { at: Date.now(), ifNoneMatch: request.headers['if-none-match'], status: 200 };
    feed.listCalls.push(call);
    if (redirect !== undefined) {
      call.status = 307;
      return void response.writeHead(307, { location: redirect }).end();
    }
    const answer = (status: number, headers: http.OutgoingHttpHeaders, body?: string | Buffer): void => {
      call.status = status;
      response.writeHead(status, headers).end(body);
    };
    switch (feed.mode) {
      case 'error500':
        return answer(500, { 'content-type': 'application/json' }, '{"success":false,"msg":"systemError"}');
      case 'hang':
        return; // never answers; the socket is destroyed on close
      case 'notAList':
        return answer(200, { 'content-type': 'application/json' }, '{"success":true,"rvms":{}}');
      case 'truncated': {
        const body = Buffer.from(listBody(feed.rvms));
        call.status = 200;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
        response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
        return;
      }
      case 'huge': {
        // Valid JSON, sent in chunks without a length: only counting the bytes can refuse it.
        call.status = 200;
        response.writeHead(200, { 'content-type': 'application/json' });
        const head = listBody(feed.rvms).slice(0, -1) + ',"padding":"';
        response.write(head);
        const chunk = 'x'.repeat(1024 * 1024);
        let sent = head.length;
        const more = (): void => {
          while (sent < HUGE_BYTES) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end('"}');
        };
        response.on('error', () => undefined);
        more();
        return;
      }
      case 'ok': {
        const body = listBody(feed.rvms);
        const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
        if (request.headers['if-none-match'] === etag) return answer(304, { etag });
        return answer(200, { 'content-type': 'application/json; charset=utf-8', etag }, body);
      }
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(feed, {
    url: `http://127.0.0.1:${port}/api/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A photo's headers at once, then one byte a second until the client gives up. */
function trickle(response: http.ServerResponse, photo: Buffer): void {
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.length });
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < photo.length) response.write(photo.subarray(sent, ++sent));
    else response.end();
  }, 1000);
  response.once('close', () => clearInterval(timer));
}

interface ListAnswer {
  success: true;
  rvms: ApiMachine[];
}

export const listOf = async (server: TestServer): Promise<ApiMachine[]> =>
  (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json<ListAnswer>().rvms;

/** The fixture machines as this server's list call sends them, and their photos by id. */
export async function feedData(): Promise<{ rvms: ApiMachine[]; photos: Map<string, Buffer> }> {
  const source = await startSeededTestServer();
  try {
    const rvms = await listOf(source);
    const photos = new Map<string, Buffer>();
    for (const machine of rvms) {
      if (!machine.picture) continue;
      const answer = await source.app.inject({ method: 'GET', url: `/api/file/${machine.picture.id}` });
      photos.set(machine.picture.id, answer.rawPayload);
    }
    return { rvms, photos };
  } finally {
    await source.close();
  }
}

/**
 * A follower's options against the fake feed at `baseUrl`: a poll every 100 ms, its lines into `logs`, no jitter.
 * The 3 s timeout is long enough for 20 MB to arrive on a busy machine, so the size limit, not the clock, stops it.
 */
export const testFollowerOptions = (baseUrl: string, logs: string[]): FollowerOptions => ({
  baseUrl,
  intervalMs: 100,
  timeoutMs: 3000,
  maxBytes: 10 * 1024 * 1024,
  photoMaxBytes: 1024 * 1024,
  staleAfterMs: 60_000,
  log: (level, message) => logs.push(`${level} ${message}`),
  random: () => 0,
});
