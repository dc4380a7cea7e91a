import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Podman as it runs on the CI machines here: root, cgroupfs, runc, no default ulimits. */
export const PODMAN_ENV = { ...process.env, CONTAINERS_CONF: path.join(ROOT, 'scripts/container/podman.conf') };

const execFileAsync = promisify(execFile);

/** A command's stdout, trimmed; a failure carries its stderr. */
export async function output(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, [...args], {
      cwd: ROOT,
      env: { ...PODMAN_ENV, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (error) {
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

export const podman = (...args: string[]): Promise<string> => output('podman', args);

/**
 * A long command whose output is passed on, a line at a time with `prefix`, so that a run shows what it is doing
 * (a build takes minutes); rejects with its last lines when it fails.
 */
export function stream(
  prefix: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd: ROOT, env: { ...PODMAN_ENV, ...env } });
    const last: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        last.push(line);
        if (last.length > 40) last.shift();
        process.stdout.write(`${prefix} ${line}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${last.join('\n')}`)),
    );
  });
}

/** The address of a container on its compose network, which root on the host reaches directly. */
export async function containerAddress(container: string): Promise<string> {
  const address = await podman(
    'inspect',
    '--format',
    '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}',
    container,
  );
  const first = address.split(' ')[0];
  if (!first) throw new Error(`${container} has no address`);
  return first;
}
