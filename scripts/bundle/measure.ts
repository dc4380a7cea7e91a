import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RUNTIME_CONFIG_PATH } from '../../server/routes/runtimeConfig';
import { englishPageText } from './englishText';
import { facesFor, parseFontFaces } from './fontFaces';
import { ENTRY_KEY, MAP_KEY, readManifest, staticClosure } from './manifest';

/** One answer of the server as a Brotli-accepting browser gets it. */
export interface Transfer {
  url: string;
  /** Bytes of the body as sent (compressed where the server compresses). */
  bytes: number;
  encoding: string;
}

export interface Budgets {
  /** What the English desktop page needs before the Location List shows machines. */
  firstScreen: Transfer[];
  /** The map chunk (MapLibre's worker inside it) and the chunks and style it alone imports. */
  map: Transfer[];
}

const BROTLI_ACCEPT = 'br, gzip';

export const totalBytes = (transfers: readonly Transfer[]): number =>
  transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);

export async function measureBudgets(app: FastifyInstance, distDir: string): Promise<Budgets> {
  const manifest = readManifest(distDir);
  const entry = staticClosure(manifest, ENTRY_KEY);
  const styles = entry.styles.map((file) => readFileSync(path.join(distDir, file), 'utf8')).join('\n');
  const fonts = facesFor(parseFontFaces(styles), englishPageText()).map((face) => face.url);
  const request = (method: 'GET' | 'POST', url: string) =>
    transfer(app, method, url, { 'accept-encoding': BROTLI_ACCEPT });

  const firstScreen = await Promise.all([
    request('GET', '/'),
    request('GET', RUNTIME_CONFIG_PATH),
    ...[...entry.scripts, ...entry.styles].map((file) => request('GET', `/${file}`)),
    ...fonts.map((url) => request('GET', url)),
    request('POST', '/api/rvm/'),
  ]);

  const map = staticClosure(manifest, MAP_KEY);
  const mapOnly = (file: string) => !entry.scripts.includes(file) && !entry.styles.includes(file);
  const mapFiles = [...map.scripts, ...map.styles].filter(mapOnly);
  return { firstScreen, map: await Promise.all(mapFiles.map((file) => request('GET', `/${file}`))) };
}

async function transfer(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
): Promise<Transfer> {
  const response = await app.inject({ method, url, headers });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}`);
  const encoding = response.headers['content-encoding'];
  return { url, bytes: response.rawPayload.byteLength, encoding: typeof encoding === 'string' ? encoding : 'identity' };
}
