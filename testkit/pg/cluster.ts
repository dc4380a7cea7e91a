/**
 * A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary folder, started on a free loopback port
 * (and a Unix socket in that folder), stopped and deleted afterwards. Debian's server binaries are used
 * (`/usr/lib/postgresql/<version>/bin`, package `postgresql`); `RVM_PG_BIN` names another folder.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: then every server command runs as the `postgres` user
 * (the package creates it; `nobody` otherwise) through `setpriv`, and the cluster's folder belongs to that user.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Temporary folders of clusters start with this; a run's leftovers are swept by the next run (see sweep). */
export const CLUSTER_DIR_PREFIX = 'rvm-pg-';
/** The superuser initdb creates; it logs in over TCP with a random password (scram-sha-256). */
export const PG_SUPERUSER = 'rvm';
const START_TIMEOUT_S = 60;
/** Tries at a free port: another process may take the one found before PostgreSQL binds it. */
const PORT_TRIES = 5;

export interface PgCluster {
  /** `postgres://rvm:…@127.0.0.1:PORT/postgres`: the superuser on the maintenance database. */
  adminUrl: string;
  /** The same server, another database. */
  urlFor(database: string): string;
  host: '127.0.0.1';
  port: number;
  /** Folder of the cluster's Unix socket (`.s.PGSQL.<port>`); the data folder is beside it. */
  socketDir: string;
  user: string;
  password: string;
  /** PostgreSQL's major version, e.g. 15. */
  version: number;
  /** The cluster's temporary folder: data, socket, log. */
  dir: string;
  /** Restarts the server as `pg_ctl restart -m fast` does (its connections are ended), on the same port. */
  restart(): Promise<void>;
  /** Stops the server and deletes its folder; safe to call twice. */
  stop(): Promise<void>;
  /** The same, synchronously: for a process 'exit' handler. */
  stopSync(): void;
}

export class PgUnavailableError extends Error {
  override name = 'PgUnavailableError';
}

/** The folder holding initdb, pg_ctl and postgres: RVM_PG_BIN, Debian's newest version, or initdb on the PATH. */
export function findPgBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const has = (dir: string): boolean => ['initdb', 'pg_ctl', 'postgres'].every((b) => isFile(path.join(dir, b)));
  const configured = env.RVM_PG_BIN?.trim();
  if (configured) {
    if (has(configured)) return configured;
    throw new PgUnavailableError(`RVM_PG_BIN=${configured} has no initdb, pg_ctl and postgres`);
  }
  const debianRoot = '/usr/lib/postgresql';
  const versions = fs.existsSync(debianRoot)
    ? fs
        .readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(debianRoot, version, 'bin');
    if (has(dir)) return dir;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (has(dir)) return dir;
  }
  throw new PgUnavailableError(
    'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: install them (Debian: apt-get install postgresql) or set RVM_PG_BIN to their folder',
  );
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

interface RunAs {
  /** The command line that runs `command` as the cluster's owner. */
  wrap(command: string, args: string[]): [string, string[]];
  uid: number;
  gid: number;
}

/** As ourselves, or (as root) as an unprivileged user, since PostgreSQL will not run as root. */
function unprivileged(): RunAs {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) return { wrap: (command, args) => [command, args], uid, gid: process.getgid?.() ?? -1 };
  const user = passwdEntry('postgres') ?? passwdEntry('nobody');
  if (user === null) throw new PgUnavailableError('running as root and neither a postgres nor a nobody user exists');
  return {
    uid: user.uid,
    gid: user.gid,
    wrap: (command, args) => [
      'setpriv',
      [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', command, ...args],
    ],
  };
}

function passwdEntry(name: string): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid !== undefined && gid !== undefined ? { uid: Number(uid), gid: Number(gid) } : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A single-quoted postgresql.conf value. */
const confString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Creates, starts and returns a cluster. It stops with `stop()`; a run killed before that leaves a folder the next
 * `startPgCluster` sweeps (its server stopped first).
 */
export async function startPgCluster(options: { binDir?: string } = {}): Promise<PgCluster> {
  const binDir = options.binDir ?? findPgBinDir();
  const bin = (name: string): string => path.join(binDir, name);
  const runAs = unprivileged();
  sweepLeftoverClusters(binDir, runAs);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), CLUSTER_DIR_PREFIX));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const password = randomBytes(18).toString('hex');
  const run = async (name: string, args: string[]): Promise<string> => {
    const [command, fullArgs] = runAs.wrap(bin(name), args);
    // The cluster's own folder as the working directory: the unprivileged user may not enter ours.
    const { stdout } = await execFileAsync(command, fullArgs, { cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
    return stdout;
  };
  const stopSync = (): void => {
    if (!fs.existsSync(dir)) return;
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      const [command, args] = runAs.wrap(bin('pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      spawnSync(command, args, { cwd: dir, stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    fs.writeFileSync(path.join(dir, 'owner.pid'), `${process.pid}\n`);
    fs.writeFileSync(path.join(dir, 'pwfile'), `${password}\n`, { mode: 0o600 });
    for (const file of ['', 'owner.pid', 'pwfile']) fs.chownSync(path.join(dir, file), runAs.uid, runAs.gid);
    await run('initdb', [
      '-D',
      dataDir,
      '-U',
      PG_SUPERUSER,
      `--pwfile=${path.join(dir, 'pwfile')}`,
      '--auth-local=trust', // the socket is in a folder only the owner can enter
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
      '--no-instructions',
    ]);
    fs.rmSync(path.join(dir, 'pwfile'));
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# rvm tests: a throwaway cluster; durability is not wanted, speed is',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = ${confString(dir)}`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        "log_min_messages = 'warning'",
        '',
      ].join('\n'),
    );
    const version = Number(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim());

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await run('pg_ctl', [
          'start',
          '-D',
          dataDir,
          '-l',
          logFile,
          '-w',
          '-t',
          String(START_TIMEOUT_S),
          '-o',
          `-p ${port}`,
        ]);
        break;
      } catch (error) {
        const inUse = /could not bind|address already in use/i.test(tail(logFile));
        if (!inUse || attempt >= PORT_TRIES) throw error;
      }
    }

    const urlFor = (database: string): string =>
      `postgres://${PG_SUPERUSER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    let stopped = false;
    return {
      adminUrl: urlFor('postgres'),
      urlFor,
      host: '127.0.0.1',
      port,
      socketDir: dir,
      user: PG_SUPERUSER,
      password,
      version,
      dir,
      async restart() {
        // The port is kept from the first start (postmaster.opts); the log must be named again, or the server
        // would hold pg_ctl's output open.
        await run('pg_ctl', [
          'restart',
          '-D',
          dataDir,
          '-l',
          logFile,
          '-m',
          'fast',
          '-w',
          '-t',
          String(START_TIMEOUT_S),
        ]);
      },
      stopSync() {
        stopped = true;
        stopSync();
      },
      async stop() {
        if (stopped || !fs.existsSync(dir)) return;
        stopped = true;
        try {
          await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', String(START_TIMEOUT_S)]);
        } finally {
          stopSync();
        }
      },
    };
  } catch (error) {
    const message = `could not start a test PostgreSQL cluster with ${binDir}: ${
      error instanceof Error ? error.message : String(error)
    }\n--- ${logFile} ---\n${tail(logFile)}`;
    stopSync();
    throw new PgUnavailableError(message);
  }
}

/**
 * Clusters left by runs that died (SIGKILL, a crash): their owner process is gone. The server is stopped and the
 * folder deleted; a cluster whose owner still runs (another test run at the same time) is left alone.
 */
function sweepLeftoverClusters(binDir: string, runAs: RunAs): void {
  const tmp = os.tmpdir();
  for (const name of fs.readdirSync(tmp)) {
    if (!name.startsWith(CLUSTER_DIR_PREFIX)) continue;
    const dir = path.join(tmp, name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8').trim());
    } catch {
      continue; // being set up right now, or not ours
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    const dataDir = path.join(dir, 'data');
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      const [command, args] = runAs.wrap(path.join(binDir, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      spawnSync(command, args, { cwd: tmp, stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
