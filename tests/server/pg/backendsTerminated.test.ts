// Issue 63 row 1: PostgreSQL ending the app's connections (an administrator's pg_terminate_backend, a restart) while
// two instances take writes. Each instance must live on, answer 503 for what the lost connection held, keep every
// write it acknowledged, and listen again.
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_TOKEN, auth, makeTempDir, startMainServer, type MainServerProcess } from '../helpers';
import { startPgCluster, type PgCluster } from '../../../testkit/pg/cluster';
import { createTestDatabase, type TestDatabase } from '../../../testkit/pg/database';

const MACHINES = ['RVM-001', 'RVM-002', 'RVM-003', 'RVM-004'];
/** Each writer's pause between writes: the four stay well under an instance's 300 PATCHes a minute per caller. */
const WRITE_PAUSE_MS = 150;

const dir = makeTempDir();
const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A connection of the test's own, named outside the app's `rvm%` so that no storm ends it. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'test-storm' });
  client.on('error', () => undefined);
  await client.connect();
  cleanUps.push(() => client.end().catch(() => undefined));
  return client;
}

interface Instances {
  database: TestDatabase;
  instances: MainServerProcess[];
  /** Every exit of an instance, with its stderr. */
  exits: string[];
}

/** Two server processes on a new database of the cluster `adminUrl` names. */
async function startTwo(adminUrl: string): Promise<Instances> {
  const database = await createTestDatabase(adminUrl);
  cleanUps.push(() => database.drop());
  const env = { RVM_DATABASE_URL: database.url, RVM_ADMIN_TOKEN: ADMIN_TOKEN };
  const instances = await Promise.all([startMainServer(dir, env), startMainServer(dir, env)]);
  cleanUps.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
  const exits: string[] = [];
  instances.forEach((instance, index) => {
    void instance.exited.then((code) => exits.push(`instance ${index} exited ${code}: ${instance.stderr()}`));
  });
  return { database, instances, exits };
}

interface Write {
  machine: string;
  name: string;
  instance: number;
  /** The HTTP status, or the network error when no answer came (the instance gone). */
  answer: number | string;
}

const answerOf = async (request: Promise<Response>): Promise<number | string> => {
  try {
    const response = await request;
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  }
};

const patchName = (instance: MainServerProcess, machine: string, name: string) =>
  answerOf(
    fetch(`${instance.base}/api/operator/machines/${machine}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...auth() },
      body: JSON.stringify({ name_en: name }),
      signal: AbortSignal.timeout(20_000),
    }),
  );

const readList = (instance: MainServerProcess) =>
  answerOf(fetch(`${instance.base}/api/rvm/`, { method: 'POST', signal: AbortSignal.timeout(20_000) }));

/**
 * Writes (each machine's name, in turn on each instance) and list reads go on while `disrupt` runs; then every answer
 * is checked, each acknowledged write looked for in the database, and both instances must take a write again.
 */
async function underWrites(
  { database, instances, exits }: Instances,
  adminUrl: string,
  disrupt: () => Promise<void>,
): Promise<{ writes: Write[]; reads: (number | string)[] }> {
  const writes: Write[] = [];
  const reads: (number | string)[] = [];
  let disrupting = true;
  const writer = async (machine: string): Promise<void> => {
    for (let n = 0; disrupting; n++) {
      const instance = n % 2;
      const name = `${machine} write ${n}`;
      writes.push({ machine, name, instance, answer: await patchName(instances[instance]!, machine, name) });
      await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
    }
  };
  const reader = async (): Promise<void> => {
    for (let n = 0; disrupting; n++) reads.push(await readList(instances[n % 2]!));
  };
  await Promise.all([disrupt().finally(() => (disrupting = false)), reader(), ...MACHINES.map(writer)]);

  expect(exits).toEqual([]);
  const answers = [...writes.map((write) => write.answer), ...reads];
  // Every request is answered, and a lost connection is a 503 (worth a retry), never a 500 or a dropped socket.
  expect(answers.filter((answer) => answer !== 200 && answer !== 503)).toEqual([]);
  expect(answers.filter((answer) => answer === 503).length).toBeGreaterThan(0);
  for (const index of [0, 1]) {
    expect(writes.filter((write) => write.instance === index && write.answer === 200).length).toBeGreaterThan(5);
  }

  for (const [index, instance] of instances.entries()) {
    await expect.poll(() => patchName(instance, 'RVM-001', `after ${index}`), { timeout: 15_000 }).toBe(200);
  }
  const inDatabase = await connect(database.url);
  const { rows: audited } = await inDatabase.query<{ machine_id: string; name: string }>(
    "SELECT machine_id, after->>'name_en' AS name FROM machine_status_audit",
  );
  const kept = new Set(audited.map((row) => `${row.machine_id}|${row.name}`));
  expect(writes.filter((write) => write.answer === 200 && !kept.has(`${write.machine}|${write.name}`))).toEqual([]);
  const { rows: machines } = await inDatabase.query<{ id: string; name_en: string }>(
    'SELECT id, name_en FROM machines WHERE id = ANY($1)',
    [MACHINES.slice(1)],
  );
  expect(machines).toHaveLength(MACHINES.length - 1);
  for (const { id, name_en } of machines) {
    // The last acknowledged write, or one after it whose answer was lost with its connection.
    const mine = writes.filter((write) => write.machine === id);
    const lastAcknowledged = mine.findLastIndex((write) => write.answer === 200);
    expect(mine.slice(lastAcknowledged).map((write) => write.name)).toContain(name_en);
  }

  const admin = await connect(adminUrl);
  const listening = async () =>
    (
      await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'rvm-listen'", [
        database.name,
      ])
    ).rowCount;
  await expect.poll(listening, { timeout: 15_000 }).toBe(2);
  expect(instances.map((instance) => instance.child.exitCode)).toEqual([null, null]);
  return { writes, reads };
}

const summary = (what: string, { writes, reads }: { writes: Write[]; reads: (number | string)[] }): string =>
  `${what}; ${writes.length} writes (${writes.filter((w) => w.answer === 200).length} acknowledged, ` +
  `${writes.filter((w) => w.answer === 503).length} answered 503), ${reads.length} list reads ` +
  `(${reads.filter((answer) => answer === 503).length} answered 503)`;

describe('the database server ending the connections of two instances under writes (PostgreSQL)', () => {
  it(
    'pg_terminate_backend every 0.5 s for 12 s: no exit, 503 for what was held, no acknowledged write lost, listening again',
    { timeout: 120_000 },
    async () => {
      const adminUrl = inject('pgAdminUrl');
      const two = await startTwo(adminUrl);
      const admin = await connect(adminUrl);
      let terminated = 0;
      const outcome = await underWrites(two, adminUrl, async () => {
        for (const until = Date.now() + 12_000; Date.now() < until;) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const { rows } = await admin.query<{ ended: boolean }>(
            "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'rvm%'",
            [two.database.name],
          );
          terminated += rows.filter((row) => row.ended).length;
        }
      });
      expect(terminated).toBeGreaterThanOrEqual(24);
      console.log(summary(`${terminated} backends terminated`, outcome));
    },
  );

  it('three restarts of the database server (pg_ctl restart -m fast): the same', { timeout: 120_000 }, async () => {
    // A cluster of this test's own: the run's is shared by the files running beside this one.
    const cluster: PgCluster = await startPgCluster();
    cleanUps.push(() => cluster.stop());
    const two = await startTwo(cluster.adminUrl);
    const outcome = await underWrites(two, cluster.adminUrl, async () => {
      for (let restart = 0; restart < 3; restart++) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await cluster.restart();
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    console.log(summary('3 restarts', outcome));
  });
});
