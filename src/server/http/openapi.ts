/**
 * The API's OpenAPI 3 document, made by @fastify/swagger from the routes' own zod schemas
 * (fastify-type-provider-zod's jsonSchemaTransform): what integrators read, never written by
 * hand (docs/architecture.md "The API document"). Served at GET /api/docs and
 * /api/docs/openapi.json: admin-only on a public deployment (config.ts isPublicDeployment),
 * open on a developer's own machine (features/auth/access.ts). docs/openapi.json is the same
 * document, checked against the routes by http/openapi.test.ts (`npm run openapi` writes it).
 */
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppInstance } from './types.ts';

/** The document's version: the API's, not the package's, so a release does not restale it. */
const API_VERSION = '1';

/** GET paths the document is served at. */
const OPENAPI_PATHS = ['/api/docs', '/api/docs/openapi.json'] as const;

/**
 * Registers the collector: it must come before the first route, since it learns the routes as
 * they are added. Nothing is built at start; the document is made on its first request and
 * kept (the start is measured, docs/operations.md "Limits").
 */
export async function registerOpenApi(app: AppInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Smoke & Bun takeaway API',
        description:
          'Every error is { "error": "…" } with its status; a bad field is a 400 that also names it in `fields`. ' +
          'Sessions are the `sid` cookie from the login routes; who may call what: docs/architecture.md "Who may call what".',
        version: API_VERSION,
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

export function openApiRoutes(app: AppInstance) {
  for (const url of OPENAPI_PATHS) {
    app.get(url, async () => app.swagger());
  }
}
