import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/vite/precompress';
import { unzstdWithDictionary, zstdWithDictionary } from '../../scripts/vite/dictionaryCompress';
import {
  DICTIONARIES_FILE,
  acceptsDcz,
  dczBody,
  dictionaryHashOf,
  sendsDcz,
  dictionaryMatchFor,
  zstdFrameOf,
  type DictionaryCompressed,
} from '../../server/http/dictionaryCompression';
import { makeTempDir, startTestServer, type TestServer } from './helpers';

// A "library" both files carry, as MapLibre's code is in both the map chunk and MapLibre's worker.
const SHARED = Array.from({ length: 400 }, (_, i) => `function part${i}(a){return a*${i}+${(i * 7919) % 1000};}`).join(
  '',
);
const DICTIONARY = `export const map = 1;${SHARED}`;
const WORKER = `self.onmessage = () => {};${SHARED}`;
const ENTRY: DictionaryCompressed = {
  file: '/assets/worker-abc123.mjs',
  dictionary: '/assets/MapView-abc123.js',
  dictionaryHash: dictionaryHashOf(Buffer.from(DICTIONARY)),
};
const CHROMIUM_ACCEPT = 'gzip, deflate, br, zstd, dcb, dcz';

let server: TestServer;
let parent: string;
let dist: string;

beforeAll(async () => {
  parent = makeTempDir();
  dist = path.join(parent, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Map</title>');
  fs.writeFileSync(path.join(dist, ENTRY.dictionary), DICTIONARY);
  fs.writeFileSync(path.join(dist, ENTRY.file), WORKER);
  await precompressFiles([path.join(dist, ENTRY.dictionary), path.join(dist, ENTRY.file)]);
  const frame = await zstdWithDictionary(Buffer.from(WORKER), Buffer.from(DICTIONARY));
  fs.writeFileSync(path.join(dist, ENTRY.file + '.dcz'), dczBody(Buffer.from(DICTIONARY), frame));
  fs.writeFileSync(path.join(dist, DICTIONARIES_FILE), JSON.stringify([ENTRY]));
  server = await startTestServer({ staticDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(parent, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });
const withDictionary = { 'accept-encoding': CHROMIUM_ACCEPT, 'available-dictionary': ENTRY.dictionaryHash };

describe('a file compressed against a dictionary (RFC 9842 dcz)', () => {
  it('marks the dictionary with Use-As-Dictionary for exactly that file, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get(ENTRY.dictionary, encoding ? { 'accept-encoding': encoding } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['use-as-dictionary']).toBe(`match="${ENTRY.file}"`);
    }
  });

  it('answers a browser that has the dictionary with the dcz copy, which decodes to the file', async () => {
    const response = await get(ENTRY.file, withDictionary);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('dcz');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.vary).toMatch(/available-dictionary/i);
    // Kept by the browser only: a shared cache ignoring Vary must not hand it to a browser without the dictionary.
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const frame = zstdFrameOf(response.rawPayload, Buffer.from(DICTIONARY));
    expect(frame).not.toBeNull();
    expect(Buffer.from(await unzstdWithDictionary(frame!, Buffer.from(DICTIONARY))).toString()).toBe(WORKER);
    const brotli = await get(ENTRY.file, { 'accept-encoding': 'br' });
    expect(response.rawPayload.byteLength).toBeLessThan(brotli.rawPayload.byteLength / 3);
  });

  it.each([
    ['another dictionary', { ...withDictionary, 'available-dictionary': dictionaryHashOf(Buffer.from('other')) }, 'br'],
    ['no dictionary', { 'accept-encoding': CHROMIUM_ACCEPT }, 'br'],
    ['dcz not accepted', { ...withDictionary, 'accept-encoding': 'gzip, br' }, 'br'],
    ['dcz refused with q=0', { ...withDictionary, 'accept-encoding': 'br, dcz;q=0' }, 'br'],
    ['any encoding (*)', { ...withDictionary, 'accept-encoding': '*' }, 'gzip'],
    ['no Accept-Encoding', { 'available-dictionary': ENTRY.dictionaryHash }, undefined],
  ])('answers as usual with %s, saying it varies on the dictionary', async (_, headers, encoding) => {
    const response = await get(ENTRY.file, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/available-dictionary/i);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('gives the dcz copy its own ETag, answers 304 to it, and answers HEAD', async () => {
    const first = await get(ENTRY.file, withDictionary);
    const brotli = await get(ENTRY.file, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(brotli.headers.etag);
    const again = await get(ENTRY.file, { ...withDictionary, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    const head = await server.app.inject({ method: 'HEAD', url: ENTRY.file, headers: withDictionary });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('dcz');
  });
});

describe('the dictionary rules', () => {
  it('reads dcz in Accept-Encoding by name only, not refused', () => {
    expect(acceptsDcz(CHROMIUM_ACCEPT)).toBe(true);
    expect(acceptsDcz('DCZ;q=0.5')).toBe(true);
    expect(acceptsDcz(['br', 'dcz'])).toBe(true);
    expect(acceptsDcz('dcz;q=0')).toBe(false);
    expect(acceptsDcz('dcz;q=0.000')).toBe(false);
    expect(acceptsDcz('*')).toBe(false);
    expect(acceptsDcz('dczz, br')).toBe(false);
    expect(acceptsDcz(undefined)).toBe(false);
  });

  it('sends dcz only for the dictionary it was made with', () => {
    expect(sendsDcz(withDictionary, ENTRY)).toBe(true);
    expect(sendsDcz({ ...withDictionary, 'available-dictionary': `${ENTRY.dictionaryHash}x` }, ENTRY)).toBe(false);
  });

  it("escapes a path's URL pattern characters and quotes in Use-As-Dictionary", () => {
    expect(dictionaryMatchFor('/assets/a-B_1.mjs')).toBe('match="/assets/a-B_1.mjs"');
    expect(dictionaryMatchFor('/a*b?c')).toBe(String.raw`match="/a\\*b\\?c"`);
    expect(dictionaryMatchFor('/a"b')).toBe(String.raw`match="/a\"b"`);
  });

  it('finds the Zstandard frame only behind the header for the same dictionary', () => {
    const body = dczBody(Buffer.from('dictionary'), Buffer.from('frame'));
    expect(body.byteLength).toBe(8 + 32 + 5);
    expect(Buffer.from(zstdFrameOf(body, Buffer.from('dictionary'))!).toString()).toBe('frame');
    expect(zstdFrameOf(body, Buffer.from('another'))).toBeNull();
  });
});
