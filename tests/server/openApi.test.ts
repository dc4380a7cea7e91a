import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ERROR_KEYS } from '../../server/errors';
import { API_DOCS_PATH } from '../../server/routes/apiDocs';
import { auth, makePng, makeTempDir, multipart, type TestServer } from './helpers';

/** Every route the app registers, as Fastify's onRoute hook sees it: the app is built by a Fastify that logs them. */
const routes = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const loggingRoutes = (options?: Parameters<typeof fastify.default>[0]) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => void routes.push(route));
    return app;
  };
  return { ...fastify, default: loggingRoutes };
});

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

let server: TestServer;
let staticDir: string;
let document: OpenApiDocument;

beforeAll(async () => {
  // A built page, so that @fastify/static's routes are registered too.
  staticDir = makeTempDir();
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  routes.length = 0;
  // The server's modules afresh, so that its app is built by the mocked Fastify even in a worker that loaded them.
  vi.resetModules();
  const { startSeededTestServer } = await import('./helpers');
  server = await startSeededTestServer({ staticDir });
  const answer = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});

afterAll(async () => {
  await server.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** Fastify's `/api/file/:id` as OpenAPI writes it. */
const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');
const methodsOf = (route: RouteOptions): string[] => [route.method].flat().map((method) => method.toLowerCase());
/** Paths that answer as another does, listed once in the document under the other (the spec's `rvm/`). */
const SAME_AS: Readonly<Record<string, string>> = {
  '/api/rvm': '/api/rvm/',
  '/api/feed': '/api/feed/',
  '/examples/': '/examples',
};
/** A path of the route to send a request to: each parameter given a machine's id. */
const concrete = (url: string): string => url.replace(/:\w+/g, 'RVM-001');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route the server registers, with its method', () => {
    const shown = routes.filter((route) => !route.schema?.hide);
    expect(shown.length).toBeGreaterThan(20);
    const missing = shown.flatMap((route) =>
      methodsOf(route)
        .filter((method) => !document.paths[openApiPath(route.url)]?.[method])
        .map((method) => `${method} ${route.url}`),
    );
    expect(missing).toEqual([]);
    // @fastify/swagger would list a route without a schema too, with a made-up "Default Response".
    const undeclared = shown.filter((route) => !route.schema?.response).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('leaves out only the page files, the API page, the preflights, the 405s and the paths that answer as another', async () => {
    const hidden = routes.filter((route) => route.schema?.hide);
    const pageFiles = hidden.filter((route) => route.url === '/*');
    expect(pageFiles.map(methodsOf).flat().sort()).toEqual(['get', 'head']);
    // The API page's own files and its copy of this document (@fastify/swagger-ui), all under /api/docs.
    const apiPage = hidden.filter((route) => route.url.startsWith(`${API_DOCS_PATH}/`) || route.url === API_DOCS_PATH);
    expect(apiPage.map((route) => route.url)).toContain(`${API_DOCS_PATH}/`);
    expect((await server.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` })).json()).toEqual(document);
    // @fastify/cors's catch-all for preflights; a path's own OPTIONS answer (405) is listed below.
    const preflights = hidden.filter((route) => route.url === '*');
    expect(preflights.map(methodsOf).flat()).toEqual(['options']);
    const rest = hidden.filter(
      (route) => route.url !== '/*' && !apiPage.includes(route) && !preflights.includes(route),
    );
    const refusals = rest.filter((route) => route.schema?.response === undefined);
    for (const route of refusals) {
      for (const method of methodsOf(route)) {
        const answer = await server.app.inject({ method: method.toUpperCase() as 'GET', url: concrete(route.url) });
        expect(answer.statusCode, `${method} ${route.url}`).toBe(405);
        expect(answer.headers.allow, `${method} ${route.url}`).toBeTruthy();
        // What the path does serve is in the document (under the path it answers as).
        const served = String(answer.headers.allow).toLowerCase().split(', ');
        const listed = SAME_AS[route.url] ?? route.url;
        for (const allowed of served) expect(document.paths[openApiPath(listed)]?.[allowed]).toBeDefined();
      }
    }
    const twins = rest.filter((route) => route.schema?.response !== undefined);
    expect([...new Set(twins.map((route) => route.url))].sort()).toEqual(Object.keys(SAME_AS).sort());
    for (const route of twins) {
      const method = methodsOf(route)[0]!.toUpperCase() as 'GET';
      const twin = await server.app.inject({ method, url: route.url, payload: method === 'GET' ? undefined : {} });
      const listed = await server.app.inject({
        method,
        url: SAME_AS[route.url]!,
        payload: method === 'GET' ? undefined : {},
      });
      expect(twin.statusCode, route.url).toBe(listed.statusCode);
      expect(twin.statusCode, route.url).toBeLessThan(400);
      expect(document.paths[SAME_AS[route.url]!]?.[method.toLowerCase()], route.url).toBeDefined();
    }
  });

  it('lists each path once: none differs from another by a trailing slash alone', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((name) => name.endsWith('/') && paths.includes(name.slice(0, -1)))).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId, a summary, a description and a tag', () => {
    const operations = Object.entries(document.paths).flatMap(([name, item]) =>
      Object.entries(item).map(([method, operation]) => ({ at: `${method} ${name}`, ...operation })),
    );
    const lacking = operations
      .filter(({ operationId, summary, description, tags }) => {
        const named = operationId !== undefined && /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(operationId);
        return !named || !summary || !description || !tags?.length;
      })
      .map(({ at, operationId }) => `${at} (${operationId ?? 'no id'})`);
    expect(lacking).toEqual([]);
    const ids = operations.map(({ operationId }) => operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'listMachines',
        'getPhoto',
        'headPhoto',
        'uploadPhoto',
        'updateMachine',
        'streamEvents',
        'getMachineHistory',
        'getFeedStatus',
        'getHealth',
        'getMetrics',
        'getOpenApiDocument',
      ]),
    );
  });

  it('documents the error form with every key the server answers', () => {
    const schema = document.paths['/api/rvm/{id}/history']!.get!.responses['400']!.content!['application/json']!.schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    const error = document.components.schemas.ApiError as { properties: { msg: { enum: string[] } } };
    expect(error.properties.msg.enum).toEqual([...API_ERROR_KEYS]);
  });
});

describe('the documented answers match the real ones', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('binary', true);
  ajv.addFormat('date-time', (value: string) => /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)));

  /** Checks one real answer against what the document says of its path, method and status. */
  function expectDocumented(
    pathName: string,
    method: string,
    answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): void {
    const responses = document.paths[pathName]?.[method]?.responses;
    expect(responses, `${method} ${pathName}`).toBeDefined();
    const status = String(answer.statusCode);
    const documented = responses![status] ?? responses![`${status[0]}XX`];
    expect(documented, `${method} ${pathName} ${status}`).toBeDefined();
    if (!documented!.content) {
      expect(answer.body).toBe('');
      return;
    }
    const type = String(answer.headers['content-type']).split(';')[0]!;
    const media = documented!.content[type];
    expect(media, `${method} ${pathName} ${status} as ${type}`).toBeDefined();
    if (type !== 'application/json') return;
    // The document's references point into its components: compiled with them, as a generator reads them.
    const validate = ajv.compile({ ...media!.schema, components: document.components });
    const valid = validate(JSON.parse(answer.body));
    expect(validate.errors ?? [], `${method} ${pathName} ${status}`).toEqual([]);
    expect(valid).toBe(true);
  }

  it('POST /api/rvm/: the list, 304 and a malformed body', async () => {
    const list = await server.app.inject({ method: 'POST', url: '/api/rvm/', payload: {} });
    expect(list.json().rvms.length).toBeGreaterThan(0);
    expectDocumented('/api/rvm/', 'post', list);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/rvm/',
      headers: { 'if-none-match': String(list.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expectDocumented('/api/rvm/', 'post', again);
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/rvm/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expectDocumented('/api/rvm/', 'post', broken);
  });

  it("GET /api/rvm/:id/history: a machine's states, a bad time, an unknown machine", async () => {
    for (const url of ['/api/rvm/RVM-001/history', '/api/rvm/RVM-001/history?since=soon', '/api/rvm/RVM-999/history']) {
      expectDocumented('/api/rvm/{id}/history', 'get', await server.app.inject({ method: 'GET', url }));
    }
  });

  it('GET /api/file/:id: a photo and an unknown one', async () => {
    const { rvms } = (await server.app.inject({ method: 'POST', url: '/api/rvm/' })).json();
    const photo = rvms.find((machine: { picture?: { id: string } }) => machine.picture).picture.id;
    const image = await server.app.inject({ method: 'GET', url: `/api/file/${photo}` });
    expect(image.statusCode).toBe(200);
    expectDocumented('/api/file/{id}', 'get', image);
    expectDocumented('/api/file/{id}', 'get', await server.app.inject({ method: 'GET', url: '/api/file/nope' }));
  });

  it('PATCH /api/operator/machines/:id: an update (with the fields an import kept), no token, bad fields, text', async () => {
    const patch = (payload: string, headers: Record<string, string>) =>
      server.app.inject({ method: 'PATCH', url: '/api/operator/machines/RVM-001', headers, payload });
    const json = { ...auth(), 'content-type': 'application/json' };
    const updated = await patch('{"status":"<=20%"}', json);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().rvm).toMatchObject({ operator_note: 'by the east entrance', sensor: { model: 'RX-2' } });
    expectDocumented('/api/operator/machines/{id}', 'patch', updated);
    for (const answer of [
      await patch('{"status":"half"}', json),
      await patch('{"status":"Full"}', { 'content-type': 'application/json' }),
      await patch('status=Full', { ...auth(), 'content-type': 'text/plain' }),
      await server.app.inject({
        method: 'PATCH',
        url: '/api/operator/machines/RVM-404',
        headers: json,
        payload: '{"status":"Full"}',
      }),
    ]) {
      expectDocumented('/api/operator/machines/{id}', 'patch', answer);
    }
  });

  it('POST /api/upload: a photo stored, and a form without the file', async () => {
    const good = await multipart({ file: { data: makePng(3, 3, [1, 2, 3]), filename: 'a.png', type: 'image/png' } });
    const stored = await server.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth(), ...good.headers },
      payload: good.payload,
    });
    expect(stored.statusCode).toBe(200);
    expectDocumented('/api/upload', 'post', stored);
    const empty = await multipart({ other: { data: 'x' } });
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth(), ...empty.headers },
      payload: empty.payload,
    });
    expect(missing.json()).toEqual({ success: false, msg: 'fileMissing' });
    expectDocumented('/api/upload', 'post', missing);
  });

  it('GET /api/health, POST /api/feed/, GET /runtime-config.js and the document itself', async () => {
    expectDocumented('/api/health', 'get', await server.app.inject({ method: 'GET', url: '/api/health' }));
    expectDocumented('/api/feed/', 'post', await server.app.inject({ method: 'POST', url: '/api/feed/' }));
    expectDocumented(
      '/runtime-config.js',
      'get',
      await server.app.inject({ method: 'GET', url: '/runtime-config.js' }),
    );
    expectDocumented('/api/openapi.json', 'get', await server.app.inject({ method: 'GET', url: '/api/openapi.json' }));
  });
});
