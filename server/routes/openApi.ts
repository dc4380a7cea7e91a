import fastifySwagger, { type SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { version } from '../../package.json';
import { OPERATOR_TOKEN } from './apiSchemas';
import { SESSION_COOKIE_SCHEME } from './authSchemas';
import { route } from './route';

/** The document's frame; @fastify/swagger fills in a path for every route from the route's own schema. */
const OPENAPI_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'RVM locator API',
      version,
      description:
        "Hong Kong's bottle and can return machines: the list, their photos, live changes, and the operator's " +
        'calls. Every failure answers `{ success: false, msg }`, `msg` a key the page translates; another method ' +
        'on a path answers 405 with Allow.',
    },
    tags: [
      { name: 'machines', description: 'What the public page reads' },
      { name: 'photos', description: "The machines' photos" },
      { name: 'live', description: 'Changes as they happen' },
      { name: 'reports', description: "Visitors' reports of a problem at a machine" },
      { name: 'auth', description: "Signing in to the operators' console, and its session" },
      { name: 'operator', description: 'Calls that need a session of the right role, or the operator token' },
      { name: 'alerts', description: 'Alert rules, open alerts and their history, webhooks and their delivery log' },
      {
        name: 'service',
        description: "Service levels: episodes full or out of service, a month's figures, the promise",
      },
      { name: 'feed', description: "The feed follower's state, and an admin's decision on a sync held back" },
      { name: 'people', description: 'The people who sign in and the named API tokens: admins signed in only' },
      { name: 'embedding', description: 'The host origins allowed to frame the map (docs/embedding.md): admins only' },
      { name: 'operations', description: 'For whoever runs the server: health, metrics, this document' },
      { name: 'page', description: "The page's own files beside the built ones" },
    ],
    components: {
      securitySchemes: {
        [OPERATOR_TOKEN]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token in RVM_ADMIN_TOKEN, or a named API token (rvm_…)',
        },
        [SESSION_COOKIE_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'rvm_session',
          description:
            'A signed-in session (POST /api/auth/login); named __Host-rvm_session over TLS. A request that changes ' +
            'something also sends the session’s token in x-csrf-token.',
        },
      },
    },
  },
  // Fastify answers HEAD for every GET route: listed, so that the document holds every route the server has.
  exposeHeadRoutes: true,
  // The named schemas (routes/apiSchemas.ts) are listed under their own names, not as def-0, def-1...
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  transformObject: (document) =>
    'openapiObject' in document ? withHeadOperationIds(document.openapiObject) : document.swaggerObject,
};

/**
 * @fastify/swagger names the HEAD twin of a GET `<id>-head`, which a generator turns into an awkward name:
 * `getPhoto-head` becomes `headPhoto`, as the other ids are verb and noun.
 */
function withHeadOperationIds<T extends { paths?: Record<string, { head?: { operationId?: string } } | undefined> }>(
  document: T,
): T {
  for (const item of Object.values(document.paths ?? {})) {
    const head = item?.head;
    if (head?.operationId?.endsWith('-head')) {
      const noun = head.operationId.slice(0, -'-head'.length).replace(/^(get|open)(?=[A-Z])/, '');
      head.operationId = `head${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
    }
  }
  return document;
}

const OPENAPI_SCHEMA = {
  tags: ['operations'],
  operationId: 'getOpenApiDocument',
  summary: "This document: OpenAPI 3.1, made from the routes' own schemas",
  description:
    'Every operation with its id, the machine and the answers as named components (`$ref`), for a client ' +
    'generator such as openapi-typescript.',
  response: {
    200: { description: 'The document', type: 'object', additionalProperties: true },
  },
} as const;

/** Collects every route added after it (so it is registered before them) into one OpenAPI document. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, OPENAPI_OPTIONS);
}

/** `GET /api/openapi.json`: the document, made once, on the first request. */
export function openApiRoutes({ app }: { app: FastifyInstance }) {
  let document: string | null = null;
  return {
    document: route({
      schema: OPENAPI_SCHEMA,
      handler: async (_request, reply) => {
        document ??= JSON.stringify(app.swagger());
        return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
      },
    }),
  };
}
