import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMachine } from '../../server/machines/apiMachine';
import { startSeededTestServer, type TestServer } from './helpers';
import { NO_FEED_FIELDS } from '../fixtures/machineRows';

let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const listed = async (): Promise<Record<string, ApiMachine & Record<string, unknown>>> => {
  const response = await server.app.inject({ method: 'POST', url: '/api/rvm/' });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { success: boolean; rvms: (ApiMachine & Record<string, unknown>)[] };
  expect(body.success).toBe(true);
  return Object.fromEntries(body.rvms.map((machine) => [machine.id, machine]));
};

describe("POST /api/rvm/ with the feed's extra fields", () => {
  it('answers the six fields on every machine, timestamps in UTC, null or false when the data had none', async () => {
    const machines = await listed();
    expect(machines['RVM-001']).toMatchObject({
      bin_count: 2,
      bin_count_full_threshold: 2,
      deactivated: false,
      last_emptied_at: '2026-11-22T01:30:00.000Z',
      last_online: '2026-11-23T06:05:00.000Z',
      last_full: null,
    });
    expect(machines['RVM-002']).toMatchObject(NO_FEED_FIELDS);
    expect(machines['RVM-003']).toMatchObject({ status: 'Full', last_full: '2026-11-23T05:20:00.000Z', bin_count: 3 });
  });

  it('still answers a deactivated machine: hiding it is the page’s job', async () => {
    const machines = await listed();
    expect(Object.keys(machines)).toHaveLength(4);
    expect(machines['RVM-004']).toMatchObject({ id: 'RVM-004', deactivated: true });
  });

  it('merges the unknown fields the data set carried onto the machine, untouched', async () => {
    const machines = await listed();
    expect(machines['RVM-001']).toMatchObject({
      operator_note: 'by the east entrance',
      sensor: { model: 'RX-2', battery: 87, bins: [0.4, 0.1] },
    });
    expect(machines['RVM-002']).not.toHaveProperty('operator_note');
    const stored = await server.sql.value<string>("SELECT extra FROM machines WHERE id = 'RVM-001'");
    expect(JSON.parse(stored)).toEqual({
      operator_note: 'by the east entrance',
      sensor: { model: 'RX-2', battery: 87, bins: [0.4, 0.1] },
    });
  });

  it('lets a known field win over a kept field of the same name', async () => {
    // The import never keeps a known name, but a field kept today may become a known field tomorrow.
    const kept = {
      status: 'Exploded',
      deactivated: true,
      picture: { id: 'evil' },
      thumbnail: 'x',
      photo: 'x',
      note: 'kept',
    };
    await server.sql.run("UPDATE machines SET extra = ? WHERE id = 'RVM-003'", JSON.stringify(kept));
    const machine = (await listed())['RVM-003']!;
    expect(machine).toMatchObject({ status: 'Full', deactivated: false, thumbnail: null, note: 'kept' });
    expect(machine).not.toHaveProperty('picture');
    expect(machine).not.toHaveProperty('photo');
  });
});
