import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MachineBus } from '../../server/live/bus';
import { registerEventRoutes } from '../../server/routes/events';
import type { ApiMachine } from '../../server/machines/repository';
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

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
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
  [...text.matchAll(/^event: machine\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as ApiMachine);

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

  it('answers 405 to a POST', async () => {
    const response = await fetch(`${base}/api/events`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the event stream on its own', () => {
  it('sends heartbeats, unsubscribes when the client leaves, and ends open streams on close', async () => {
    const app = Fastify();
    const bus = new MachineBus();
    registerEventRoutes(app, bus, 50);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;

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
