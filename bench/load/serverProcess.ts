import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The environment of a server on a fresh SQLite database in `dir`: no page, no demo data, only errors logged. */
export const emptyServerEnv = (dir: string, extra: Record<string, string>) => ({
  ...process.env,
  RVM_DB: path.join(dir, 'rvm.sqlite'),
  RVM_FILES: path.join(dir, 'files'),
  RVM_STATIC: path.join(dir, 'no-page'),
  RVM_SEED: path.join(dir, 'no-seed.json'),
  RVM_LOG_LEVEL: 'error',
  ...extra,
});

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The real server (`server/main.ts`) as its own process on a free loopback port, with `env` on top of this
 * process's; resolves with its address once it prints its "listening" line.
 */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  startTimeoutMs: number,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start')), startTimeoutMs);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}
