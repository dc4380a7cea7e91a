import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the API's reference page is; the OpenAPI document it shows is also at /api/docs/json. */
export const API_DOCS_PATH = '/api/docs';

/**
 * `GET /api/docs`: the OpenAPI document as a page to read and try, by @fastify/swagger-ui (Swagger UI's own files,
 * served from this server, no CDN). Its page loads only its own scripts and styles, so the page's CSP
 * (security/headers.ts) covers it unchanged; the validator badge, which would call validator.swagger.io, is off.
 * Registered after @fastify/swagger (routes/openApi.ts). Its routes are left out of the document itself.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    validatorUrl: false,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: 'RVM locator API' },
  });
}
