import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MachineBus } from '../../server/live/bus';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { startEventApp } from './eventApp';
import { auth, startSeededTestServer, type TestServer } from './helpers';

/** An open event stream: its status, headers and everything received so far. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  /** Resolves with the received text once `pattern` appears in it. */
  until: (pattern: RegExp) => Promise<string>;
  close: () => void;
  closed: Promise<void>;
}

/** `from`: the client's own loopback address (127.0.0.x), to be another client to the server. */
function openStream(url: string, headers: Record<string, string> = {}, from?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const options = { headers: { accept: 'text/event-stream', ...headers }, localAddress: from };
    const request = http.get(url, options, (response) => {
      let text = '';
      let waiters: (() => void)[] = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const wake of waiters) wake();
      });
      const closed = new Promise<void>((r) => response.once('close', () => r()));
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        until: (pattern) =>
          new Promise((r) => {
            const check = () => {
              if (!pattern.test(text)) return;
              waiters = waiters.filter((w) => w !== check);
              r(text);
            };
            waiters.push(check);
            check();
          }),
        close: () => request.destroy(),
        closed,
      });
    });
    request.on('error', reject);
  });
}

const machineEvents = (text: string): ApiMachine[] =>
  [...text.matchAll(/^event: machine\nid: .*\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as ApiMachine);

/** Every event of the stream as `type id`, in order (machine events with the machine's id and status). */
const eventLines = (text: string): string[] =>
  [...text.matchAll(/^event: (\w+)\nid: (.*)\ndata: (.*)$/gm)].map(([, type, id, data]) => {
    if (type !== 'machine') return `${type} ${id}`;
    const machine = JSON.parse(data!) as ApiMachine;
    return `machine ${id} ${machine.id} ${machine.status}`;
  });

describe('GET /api/events on the real server', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startSeededTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const update = (id: string, body: unknown) =>
    fetch(`${base}/api/operator/machines/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...auth() },
      body: JSON.stringify(body),
    });

  it('streams each operator update as a machine event shaped like the list', async () => {
    const stream = await openStream(`${base}/api/events`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      await stream.until(/^retry: \d+$/m);

      // RVM-001 is already '>40%': repeating it is audited but not broadcast, so the first event is the real change.
      expect((await update('RVM-001', { status: '>40%' })).status).toBe(200);
      expect((await update('RVM-001', { under_maintenance: true })).status).toBe(200);
      await stream.until(/event: machine/);

      const [event] = machineEvents(stream.text());
      const list = (await (await fetch(`${base}/api/rvm/`, { method: 'POST' })).json()) as { rvms: ApiMachine[] };
      expect(event).toEqual(list.rvms.find((m) => m.id === 'RVM-001'));
      expect(event).toMatchObject({ id: 'RVM-001', under_maintenance: true });
    } finally {
      stream.close();
    }
  });

  it('sends every update to every open stream', async () => {
    const streams = await Promise.all([openStream(`${base}/api/events`), openStream(`${base}/api/events`)]);
    try {
      await Promise.all(streams.map((s) => s.until(/^retry:/m)));
      expect((await update('RVM-002', { status: 'Full' })).status).toBe(200);
      for (const stream of streams) {
        await stream.until(/event: machine/);
        expect(machineEvents(stream.text()).map((m) => [m.id, m.status])).toEqual([['RVM-002', 'Full']]);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('broadcasts deactivation and feed timestamps on the machine, which carries every field the list sends', async () => {
    const stream = await openStream(`${base}/api/events`);
    try {
      await stream.until(/^retry:/m);
      const response = await update('RVM-001', {
        deactivated: true,
        last_online: '2026-11-23T15:00:00+08:00',
        last_full: '2026-11-23T14:50',
      });
      expect(response.status).toBe(200);
      await stream.until(/event: machine/);
      const [event] = machineEvents(stream.text());
      expect(event).toMatchObject({
        id: 'RVM-001',
        deactivated: true,
        last_online: '2026-11-23T07:00:00.000Z',
        last_full: '2026-11-23T06:50:00.000Z',
        last_emptied_at: '2026-11-22T01:30:00.000Z',
        bin_count: 2,
        operator_note: 'by the east entrance',
      });
      const list = (await (await fetch(`${base}/api/rvm/`, { method: 'POST' })).json()) as { rvms: ApiMachine[] };
      expect(event).toEqual(list.rvms.find((m) => m.id === 'RVM-001'));

      // The same timestamp again, written another way, is no change: nothing is broadcast.
      expect((await update('RVM-001', { last_online: '2026-11-23T07:00:00Z' })).status).toBe(200);
      expect((await update('RVM-001', { deactivated: false })).status).toBe(200);
      await stream.until(/(event: machine[^]*){2}/);
      expect(machineEvents(stream.text()).map((m) => m.deactivated)).toEqual([true, false]);
    } finally {
      stream.close();
    }
  });

  it('numbers every event, and a client coming back with the last id it saw gets what it missed, in order', async () => {
    const first = await openStream(`${base}/api/events`);
    const [ready] = eventLines(await first.until(/event: ready\nid: .*\n/));
    const seen = ready!.split(' ')[1]!;
    first.close();
    await first.closed;

    // Changed while the client was away.
    expect((await update('RVM-003', { status: '<=40%' })).status).toBe(200);
    expect((await update('RVM-004', { status: '>40%' })).status).toBe(200);

    for (const [how, stream] of [
      ['EventSource header', () => openStream(`${base}/api/events`, { 'last-event-id': seen })],
      ['query parameter', () => openStream(`${base}/api/events?lastEventId=${encodeURIComponent(seen)}`)],
    ] as const) {
      const back = await stream();
      const lines = eventLines(await back.until(/event: ready/));
      back.close();
      const [process, number] = seen.split('.');
      const next = (n: number) => `${process}.${Number(number) + n}`;
      expect(lines, how).toEqual([
        `machine ${next(1)} RVM-003 <=40%`,
        `machine ${next(2)} RVM-004 >40%`,
        `ready ${next(2)}`,
      ]);
    }
  });

  it('tells a client whose id it cannot replay (another server process, a made-up id) to reload the list', async () => {
    for (const id of ['0badc0de.3', 'not an id']) {
      const stream = await openStream(`${base}/api/events`, { 'last-event-id': id });
      const lines = eventLines(await stream.until(/event: ready/));
      stream.close();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^resync [0-9a-f]+\.\d+$/);
      expect(lines[1]).toBe(`ready ${lines[0]!.split(' ')[1]}`);
    }
  });

  it('answers 405 to a POST', async () => {
    const response = await fetch(`${base}/api/events`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the event stream on its own', () => {
  it('sends heartbeats, unsubscribes when the client leaves, and ends open streams on close', async () => {
    const { app, bus, url } = await startEventApp({ heartbeatMs: 50 });

    const leaving = await openStream(url);
    await leaving.until(/(: heartbeat\n\n[^]*){2}/);
    expect(bus.size).toBe(1);
    leaving.close();
    await expect.poll(() => bus.size).toBe(0);

    const staying = await openStream(url);
    await staying.until(/^retry:/m);
    expect(bus.size).toBe(1);
    await app.close();
    await staying.closed;
    expect(bus.size).toBe(0);
  });
});

const machine = (id: string, status: ApiMachine['status']) => ({ id, status }) as ApiMachine;

describe('replaying from the ring of recent changes', () => {
  it('replays only while every missed change is still kept, and asks for a reload after that', async () => {
    const { app, bus, url } = await startEventApp({}, { bus: new MachineBus(2) });
    try {
      const start = bus.headId;
      bus.publish(machine('A', 'Full'));
      const afterA = bus.headId;
      bus.publish(machine('B', 'Full'));
      bus.publish(machine('C', 'Full'));
      const read = async (id: string) => {
        const stream = await openStream(url, { 'last-event-id': id });
        const lines = eventLines(await stream.until(/event: ready/));
        stream.close();
        return lines.map((line) => line.split(' ')[0] + (line.startsWith('machine') ? ` ${line.split(' ')[2]}` : ''));
      };
      // Two are kept (B and C): A's id can be replayed from, the start's cannot.
      expect(await read(afterA)).toEqual(['machine B', 'machine C', 'ready']);
      expect(await read(bus.headId)).toEqual(['ready']);
      expect(await read(start)).toEqual(['resync', 'ready']);
      // An id past the newest was never given out by this process.
      const [process, newest] = bus.headId.split('.');
      expect(await read(`${process}.${Number(newest) + 1}`)).toEqual(['resync', 'ready']);
    } finally {
      await app.close();
    }
  });

  it('replays an import missed in the gap as an import event, in order with the machine changes', async () => {
    const { app, bus, url } = await startEventApp();
    try {
      const seen = bus.headId;
      bus.publish(machine('A', 'Full'));
      bus.publishImport({ at: '2026-11-26T04:00:00.000Z', inserted: 2, updated: 5 });
      bus.publish(machine('B', 'Full'));
      const stream = await openStream(url, { 'last-event-id': seen });
      const text = await stream.until(/event: ready/);
      stream.close();
      expect(eventLines(text).map((line) => line.split(' ')[0])).toEqual(['machine', 'import', 'machine', 'ready']);
      expect(text).toMatch(
        /^event: import\nid: \S+\ndata: \{"at":"2026-11-26T04:00:00.000Z","inserted":2,"updated":5\}$/m,
      );
    } finally {
      await app.close();
    }
  });
});

describe('caps on open streams', () => {
  it('holds one address to its own cap, frees a slot when a stream ends, and logs a refusal in one line', async () => {
    const logLines: string[] = [];
    const { app, url } = await startEventApp({ maxStreams: 3, maxStreamsPerAddress: 2 }, { logLines });
    const open: Stream[] = [];
    try {
      open.push(await openStream(url, {}, '127.0.0.1'), await openStream(url, {}, '127.0.0.1'));
      expect(open.map((s) => s.status)).toEqual([200, 200]);

      // A third from the same address is refused; another address still gets one.
      const refused = await fetch(url);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ success: false, msg: 'systemError' });
      const other = await openStream(url, {}, '127.0.0.2');
      expect(other.status).toBe(200);
      open.push(other);

      // The server's own cap (3) is reached: a third address is refused too.
      const third = await openStream(url, {}, '127.0.0.3');
      expect(third.status).toBe(503);
      third.close();

      expect(logLines).toHaveLength(2);
      for (const line of logLines) {
        expect(line.trim().split('\n')).toHaveLength(1);
        const record = JSON.parse(line) as Record<string, unknown>;
        expect(record).not.toHaveProperty('err');
        expect(line).not.toMatch(/stack|at .*\(/);
      }
      expect(JSON.parse(logLines[0]!).msg).toBe(
        'event stream refused for 127.0.0.1: the address cap on open streams is reached',
      );
      expect(JSON.parse(logLines[1]!).msg).toBe(
        'event stream refused for 127.0.0.3: the server cap on open streams is reached',
      );

      // When one of its streams ends, the address may open another.
      open.shift()!.close();
      await expect.poll(async () => (await openStream(url, {}, '127.0.0.1')).status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
      await app.close();
    }
  });
});

describe('HEAD /api/events', () => {
  it('answers the headers GET would, at once, and takes no stream slot', async () => {
    const { app, url } = await startEventApp({ maxStreamsPerAddress: 2 });
    const open: Stream[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const head = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(head.headers.get('cache-control')).toBe('no-store');
        expect(await head.text()).toBe('');
      }
      open.push(await openStream(url), await openStream(url));
      expect(open.map((s) => s.status)).toEqual([200, 200]);
      // With the address's slots taken, HEAD says what GET would: 503, come back later.
      const full = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('5');
    } finally {
      for (const stream of open) stream.close();
      await app.close();
    }
  });
});

describe('the log of refused streams', () => {
  it('names a client refused for one reason once a window, then how many more times it was', async () => {
    const logLines: string[] = [];
    // The log's own clock, moved by the test: the window is over when the test says so, however slow the machine.
    let now = 0;
    const refusalLog = { windowMs: 600, now: () => now };
    const { app, url } = await startEventApp({ maxStreamsPerAddress: 1, refusalLog }, { logLines });
    const messages = () => logLines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    const stream = await openStream(url);
    try {
      const refusedTimes = async (n: number) => {
        const answers = await Promise.all(Array.from({ length: n }, () => fetch(url).then((r) => r.status)));
        expect(answers).toEqual(Array<number>(n).fill(503));
      };
      await refusedTimes(300);
      const line = 'event stream refused for 127.0.0.1: the address cap on open streams is reached';
      expect(messages()).toEqual([line]);
      now += 600;
      // The route writes the counts out every window / 6 (100 ms here).
      await expect.poll(messages, { timeout: 5_000 }).toEqual([line, `${line}: 299 more times in the last 0.6 s`]);
      // Refused again in the next window: counted, and logged once that window has passed too.
      await refusedTimes(5);
      expect(messages()).toHaveLength(2);
      now += 600;
      await expect.poll(messages, { timeout: 5_000 }).toHaveLength(3);
      expect(messages()[2]).toBe(`${line}: 5 more times in the last 0.6 s`);
    } finally {
      stream.close();
      await app.close();
    }
  });
});
