import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinesCsv } from '../../testkit/fixtures/machinesCsv';
import { importMachinesFile } from '../../server/importing/importRows';
import { auth, startSeededTestServer, type TestServer } from './helpers';

const ROWS = 50_000;
/** Generous for a machine whose CPU is shared; building the whole 37 MB body in one go stops the loop for seconds. */
const GENEROUS_BLOCK_MS = 2000;

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startSeededTestServer();
  const file = path.join(server.dir, 'many.csv');
  fs.writeFileSync(file, machinesCsv(ROWS));
  expect(await importMachinesFile(file, server.engine, 1024)).toMatchObject({ ok: true, inserted: ROWS });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => server.close());

const list = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}/api/rvm/`, { method: 'POST', headers });
  return { etag: response.headers.get('etag'), body: Buffer.from(await response.arrayBuffer()) };
};

describe(`the list call at ${ROWS} machines`, () => {
  it('never stops the event loop for long while operator updates change the list between list calls', async () => {
    await list();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const etags = new Set<string | null>();
    for (const status of ['Full', '<=5%', '>40%']) {
      const response = await fetch(`${base}/api/operator/machines/SYN-${ROWS}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...auth() },
        body: JSON.stringify({ status }),
      });
      expect(response.status).toBe(200);
      etags.add((await list()).etag);
    }
    delay.disable();
    expect(etags.size).toBe(3);
    expect(delay.max / 1e6).toBeLessThan(GENEROUS_BLOCK_MS);
  }, 120_000);

  it('answers the body the machines make, with the SHA-256 of it as the ETag', async () => {
    const { etag, body } = await list({ 'accept-encoding': 'identity' });
    const expected = JSON.stringify({ success: true, rvms: await server.engine.listMachines() });
    expect(body.equals(Buffer.from(expected))).toBe(true);
    expect(etag).toBe(`"${createHash('sha256').update(body).digest('base64url')}"`);
  }, 120_000);
});
