import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { serveStatic } from '../../testkit/browser/staticServer';
import { PAGE_HEADERS } from '../stage/pageHeaders';

/**
 * `npm run bench:page`: builds the benchmark page and serves it until stopped (Ctrl+C), printing its address.
 * `-- --host 0.0.0.0` makes it reachable from a phone on the same network; `--port` picks the port.
 */
const BENCH = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '4180' } },
});

await build({ configFile: join(BENCH, 'vite.config.ts'), logLevel: 'warn' });
const server = await serveStatic(join(BENCH, 'dist'), {
  htmlHeaders: PAGE_HEADERS,
  host: values.host,
  port: Number(values.port),
});
const port = new URL(server.url).port;
const elsewhere =
  values.host === '0.0.0.0'
    ? Object.values(networkInterfaces())
        .flat()
        .filter((net) => net && net.family === 'IPv4' && !net.internal)
        .map((net) => `http://${net!.address}:${port}/`)
    : [];
console.log(`The benchmark page: ${server.url}/`);
for (const url of elsewhere) console.log(`  from another device: ${url}`);
console.log('Ctrl+C stops it.');
process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
