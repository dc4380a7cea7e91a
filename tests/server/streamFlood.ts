import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/**
 * The clients of the event-stream flood (issue 43): sockets that ask for /api/events and never read, a client that
 * reads and times each event, and clients that ask for a replay. Used by tests/server/eventBackpressure.test.ts
 * (scaled down) and tests/stress/eventStreamFlood.ts (full size, run by hand).
 */

/**
 * A machine data set whose every row carries an unknown field of about `extraBytes` (an import keeps up to 8 KB).
 * Returns the next status change to send, round the machines: each one a real change, so each one an event.
 */
export function writeMachinesWithLargeExtras(
  sourcePath: string,
  targetPath: string,
  extraBytes: number,
): () => { id: string; status: string } {
  const rows = JSON.parse(fs.readFileSync(sourcePath, 'utf8')) as Record<string, unknown>[];
  const notes = 'x'.repeat(extraBytes);
  fs.writeFileSync(targetPath, JSON.stringify(rows.map((row) => ({ ...row, notes }))));
  const statuses = rows.map((row) => String(row.status));
  let turn = 0;
  return () => {
    const index = turn++ % rows.length;
    const status = statuses[index] === 'Full' ? '>40%' : 'Full';
    statuses[index] = status;
    return { id: String(rows[index]!.id), status };
  };
}

/**
 * A socket that sends `GET path` and then stops reading (Node reads a few KB into its own buffer, then leaves
 * the rest in the kernel): the client that makes the server buffer. Resolves once the request is sent.
 */
export function openStalledStream(port: number, path: string, localAddress?: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`, () => {
        socket.pause();
        resolve(socket);
      });
    });
    socket.once('error', reject);
  });
}

/**
 * Reads a stalled socket again and says whether the server had closed it: the connection ends (or is reset)
 * within `timeoutMs`. A stream the server still holds keeps sending heartbeats and never ends.
 */
export function closedByServer(socket: net.Socket, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed) {
      resolve(true);
      return;
    }
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, timeoutMs);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.resume();
  });
}

export interface StreamEvent {
  type: string;
  id: string;
  data: string;
  /** performance.now() when its last byte arrived. */
  at: number;
}

/** An event stream that reads everything as it comes, parsing each event. */
export interface ReadingStream {
  events: StreamEvent[];
  /** Bytes received in all. */
  bytes(): number;
  /** Resolves once an event of `type` has arrived. */
  until(type: string): Promise<StreamEvent>;
  closed: Promise<void>;
  close(): void;
}

export function openReadingStream(url: string, localAddress?: string): Promise<ReadingStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' }, localAddress }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      const events: StreamEvent[] = [];
      let waiters: (() => void)[] = [];
      let pending = '';
      let bytes = 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        pending += chunk;
        const at = performance.now();
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>;
          if (fields.event) events.push({ type: fields.event, id: fields.id ?? '', data: fields.data ?? '', at });
        }
        for (const wake of waiters) wake();
      });
      const closed = new Promise<void>((done) => response.once('close', () => done()));
      resolve({
        events,
        bytes: () => bytes,
        until: (type) =>
          new Promise((found) => {
            const check = () => {
              const event = events.find((e) => e.type === type);
              if (!event) return;
              waiters = waiters.filter((w) => w !== check);
              found(event);
            };
            waiters.push(check);
            check();
          }),
        closed,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** The event types a client gets when it comes back with `lastEventId`, up to `ready`, and the bytes they took. */
export async function readReplay(
  url: string,
  lastEventId: string,
  localAddress?: string,
): Promise<{ types: string[]; bytes: number }> {
  const stream = await openReadingStream(`${url}?lastEventId=${encodeURIComponent(lastEventId)}`, localAddress);
  await stream.until('ready');
  stream.close();
  return { types: stream.events.map((e) => e.type), bytes: stream.bytes() };
}

/** The largest number of bytes any of `server`'s sockets held unsent in Node, over every `sample()`. */
export function watchUnsentBytes(server: http.Server): { sample(): void; max(): number } {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let max = 0;
  return {
    sample() {
      for (const socket of sockets) max = Math.max(max, socket.writableLength);
    },
    max: () => max,
  };
}
