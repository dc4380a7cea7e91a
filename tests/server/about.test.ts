import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_ANSWER_SCHEMA } from '../../shared/contract/about';
import { checkWire } from '../../shared/contract/wire';
import { aboutOf } from '../../server/routes/about';
import { auth, startTestServer, type TestServer } from './helpers';

// The About page's call: what runs at this deployment, for admins and their tokens (the role table has each role's row).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/operator/about', () => {
  it('names the version, the commit, the engine, Node.js, the time zone, and no feed when none is followed', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/operator/about', headers: auth() });
    expect(response.statusCode, response.body).toBe(200);
    const checked = checkWire(ABOUT_ANSWER_SCHEMA, response.json());
    expect(checked.ok).toBe(true);
    expect(response.json().about).toEqual({
      version: 'source',
      commit: 'unknown',
      engine: server.engine.kind,
      node: process.version,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      feed: null,
    });
  });

  it('is refused without a session or a token', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/operator/about' });
    expect(response.statusCode).toBe(401);
  });

  it("shows a followed feed's address without its secrets, and its interval in seconds", () => {
    const about = aboutOf(
      { upstreamUrl: 'https://me:secret@feed.example.org/api/?key=abc', upstreamIntervalMs: 90_000 },
      'postgres',
    );
    expect(about.engine).toBe('postgres');
    expect(about.feed).toEqual({ url: 'https://feed.example.org/api/?key=…', intervalS: 90 });
  });
});
