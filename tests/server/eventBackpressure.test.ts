import fs from 'node:fs';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfFirstStart } from '../../server/importing/seed';
import { MachineBus } from '../../server/live/bus';
import { MAX_REPLAY_BYTES, MAX_UNSENT_BYTES } from '../../server/live/streamLimits';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { registerApiSchemas } from '../../server/routes/apiSchemas';
import fastifyCookie from '@fastify/cookie';
import { Sessions } from '../../server/auth/sessions';
import { registerRoutes } from '../../server/routes/registerRoutes';
import { EVENT_ROUTES, OPERATOR_ROUTES, type RouteDeps } from '../../server/routes/table';
import { Access } from '../../server/security/access';
import { enforceRouteAccess } from '../../server/security/routeAccess';
import { startEventApp } from './eventApp';
import { auth, FIXTURES, makeTempDir, openTestEngine, type TestEngine } from './helpers';
import {
  closedByServer,
  openReadingStream,
  openStalledStream,
  readReplay,
  watchUnsentBytes,
  writeMachinesWithLargeExtras,
} from './streamFlood';

/** The flood (200 stalled streams, 900 PATCHes) scaled down; the full size is tests/stress/eventStreamFlood.ts. */
const STALLED = 50;
const REPLAYS = 50;
/** Enough 8 KB events to fill the kernel's buffers of a socket that never reads (about 4 MB here) and 1 MiB past them. */
const PATCHES = 800;
const EXTRA_BYTES = 7_600;

describe('event streams with clients that never read', () => {
  let dir: string;
  let test: TestEngine;
  let app: FastifyInstance;
  let port: number;
  let nextChange: ReturnType<typeof writeMachinesWithLargeExtras>;
  let unsent: ReturnType<typeof watchUnsentBytes>;

  beforeAll(async () => {
    dir = makeTempDir();
    const seedPath = path.join(dir, 'large-machines.json');
    nextChange = writeMachinesWithLargeExtras(path.join(FIXTURES, 'machines.json'), seedPath, EXTRA_BYTES);
    test = await openTestEngine(dir, {}, 'server');
    await seedIfFirstStart(test.engine, {
      seedPath,
      photosDir: test.config.seedPhotosDir,
      maxPhotoBytes: test.config.uploadMaxBytes,
    });
    // The operator's route and the stream as app.ts wires them, without the rate limit (300 a minute) that would
    // stretch the test over minutes; the full-size run goes through it.
    app = Fastify();
    registerApiSchemas(app);
    await app.register(fastifyCookie);
    Access.register(app);
    const sessions = new Sessions(test.engine.sessions, { idleMs: 60_000, absoluteMs: 60_000 }, () => new Date());
    const bus = new MachineBus();
    enforceRouteAccess(app, new Access(test.config.adminToken, sessions));
    registerRoutes<Pick<RouteDeps, 'app' | 'engine' | 'bus' | 'eventStreams'>>(app, [OPERATOR_ROUTES, EVENT_ROUTES], {
      app,
      engine: test.engine,
      bus,
      eventStreams: { maxStreamsPerAddress: STALLED + REPLAYS + 1 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    unsent = watchUnsentBytes(app.server);
  });
  afterAll(async () => {
    await app?.close();
    await test?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('closes every stalled stream, holds no more than 1 MiB unsent for any, caps a replay, and a reader keeps up', async () => {
    const url = `http://127.0.0.1:${port}/api/events`;
    const reader = await openReadingStream(url);
    const start = (await reader.until('ready')).id;
    const stalled: net.Socket[] = [];
    for (let i = 0; i < STALLED; i++) stalled.push(await openStalledStream(port, '/api/events'));

    const sentAt: number[] = [];
    for (let i = 0; i < PATCHES; i++) {
      const { id, status } = nextChange();
      sentAt.push(performance.now());
      const response = await fetch(`http://127.0.0.1:${port}/api/operator/machines/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...auth() },
        body: JSON.stringify({ status }),
      });
      expect(response.status).toBe(200);
      unsent.sample();
    }
    const machineEvents = () => reader.events.filter((e) => e.type === 'machine');
    await expect.poll(() => machineEvents().length, { timeout: 10_000 }).toBe(PATCHES);
    const eventSize = Buffer.byteLength(machineEvents()[0]!.data);
    expect(eventSize).toBeGreaterThan(EXTRA_BYTES);

    // A client coming back from before the flood would be sent every change, megabytes: it is told to reload.
    const replays = await Promise.all(Array.from({ length: REPLAYS }, () => readReplay(url, start)));
    expect.soft(replays.filter((r) => r.types.join(' ') === 'resync ready').length).toBe(REPLAYS);
    expect.soft(Math.max(...replays.map((r) => r.bytes))).toBeLessThan(1024);

    const closed = await Promise.all(stalled.map((socket) => closedByServer(socket, 5_000)));
    expect.soft(closed.filter(Boolean)).toHaveLength(STALLED);
    // One event over the limit at most: the write that crossed it.
    expect.soft(unsent.max()).toBeLessThanOrEqual(MAX_UNSENT_BYTES + eventSize + 1024);
    const latencies = machineEvents().map((event, i) => event.at - sentAt[i]!);
    expect.soft(Math.max(...latencies)).toBeLessThan(1_000);
    expect(reader.events.at(-1)?.type).toBe('machine');
    reader.close();
  }, 120_000);
});

const machine = (id: string, notes: string) => ({ id, status: 'Full', notes }) as unknown as ApiMachine;

describe('the limits of one stream', () => {
  it('closes a stream whose writes stay blocked past the time limit, without more events', async () => {
    const { app, bus, port } = await startEventApp({ maxBlockedMs: 300 });
    const unsent = watchUnsentBytes(app.server);
    try {
      const socket = await openStalledStream(port, '/api/events');
      await expect.poll(() => bus.size).toBe(1);
      // Until the kernel's buffers are full and Node holds some (its own 16 KB and more): writes are refused, far
      // below the 1 MiB that would close the stream at once.
      const notes = 'x'.repeat(7_000);
      for (let i = 0; unsent.max() < 64 * 1024; i++) {
        bus.publish(machine(`M-${i}`, notes));
        unsent.sample();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(bus.size).toBe(1);
      await expect.poll(() => bus.size, { timeout: 2_000 }).toBe(0);
      expect(await closedByServer(socket, 2_000)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('replays up to its byte cap, and past it tells the client to reload instead', async () => {
    const { app, bus, url } = await startEventApp();
    try {
      const start = bus.headId;
      const notes = 'x'.repeat(7_000);
      const fitting = Math.floor(MAX_REPLAY_BYTES / 7_100);
      for (let i = 0; i < fitting; i++) bus.publish(machine(`M-${i}`, notes));
      const replay = await readReplay(url, start);
      expect(replay.types).toEqual([...Array<string>(fitting).fill('machine'), 'ready']);
      for (let i = 0; i < 5; i++) bus.publish(machine(`N-${i}`, notes));
      expect((await readReplay(url, start)).types).toEqual(['resync', 'ready']);
    } finally {
      await app.close();
    }
  });
});
