// `npm run dev`: the API server (port 8081) and Vite with hot reload (proxying /api to it) side by side.
import { spawn, type ChildProcess } from 'node:child_process';

const API_PORT = process.env.RVM_DEV_API_PORT ?? '8081';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { PORT: API_PORT, HOST: '127.0.0.1' });
run(process.execPath, ['node_modules/vite/bin/vite.js'], { RVM_API_URL: `http://127.0.0.1:${API_PORT}` });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
}
