import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodedBody } from '../../server/http/encodedBody';
import { startSeededTestServer, type TestServer } from './helpers';

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

let server: TestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

const list = (headers: Record<string, string> = {}) => server.app.inject({ method: 'POST', url: '/api/rvm/', headers });

describe('the list call, compressed', () => {
  it('answers in Brotli and gzip, each decoding to the same bytes as without compression', async () => {
    const identity = await list();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.json().rvms.length).toBeGreaterThan(0);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await list({ 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.rawPayload.byteLength).toBeLessThan(identity.rawPayload.byteLength);
      expect(decoders[encoding](response.rawPayload).equals(identity.rawPayload)).toBe(true);
    }
  });

  it('prefers Brotli, follows q-values, and sends JSON as it is for identity or no Accept-Encoding', async () => {
    const encodingFor = async (header: string) =>
      (await list({ 'accept-encoding': header })).headers['content-encoding'];
    expect(await encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(await encodingFor('br;q=0.5, gzip')).toBe('gzip');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(await encodingFor('deflate')).toBeUndefined();
    expect((await list()).headers['content-encoding']).toBeUndefined();
  });

  it('gives each encoding its own ETag and answers 304 to a matching If-None-Match in each', async () => {
    const tags = new Set<string>();
    for (const encoding of ['br', 'gzip', undefined]) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const etag = (await list(headers)).headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      tags.add(etag);
      const again = await list({ ...headers, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.byteLength).toBe(0);
      expect(again.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(tags.size).toBe(3);
    // A Brotli ETag is not a match for the gzip copy: that client gets the whole body.
    const brTag = [...tags].find((tag) => tag.endsWith('-br"'))!;
    expect((await list({ 'accept-encoding': 'gzip', 'if-none-match': brTag })).statusCode).toBe(200);
  });

  it('compresses a new body when the list changes', async () => {
    const before = brotliDecompressSync((await list({ 'accept-encoding': 'br' })).rawPayload).toString('utf8');
    await server.sql.run("UPDATE machines SET status = 'Full' WHERE id = 'RVM-002'");
    const after = await list({ 'accept-encoding': 'br' });
    const body = JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8'));
    expect(body.rvms.find((machine: { id: string }) => machine.id === 'RVM-002').status).toBe('Full');
    expect(JSON.stringify(body)).not.toBe(before);
  });
});

describe('a kept body', () => {
  it('is compressed once per encoding, however many requests ask at once', async () => {
    const body = encodedBody(JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => i) }), 'application/json');
    const [first, ...rest] = await Promise.all([body.bytes('br'), body.bytes('br'), body.bytes('br')]);
    for (const other of rest) expect(other).toBe(first);
    expect(await body.bytes('br')).toBe(first);
    expect(await body.bytes('gzip')).not.toBe(first);
  });
});
