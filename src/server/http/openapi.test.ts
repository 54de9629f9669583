/**
 * The API document (http/openapi.ts, docs/architecture.md "The API document"): a structurally
 * valid OpenAPI 3 document naming every /api route the app registers, admin-only on a public
 * deployment and open on a developer's machine, and docs/openapi.json is that document as the
 * production app serves it. When the routes change: `npm run openapi` writes it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, useTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { OFFLINE_VIVA_ENV } from '../../../tests/fakes/fake-viva.ts';
import { createStaffUser, nextClient, signIn } from '../../../tests/factories/staff.ts';
import { registeredRoutes } from '../../../tests/setup/route-walk.ts';
import type { AppInstance } from './types.ts';

const t = useTestApp({ seed: false });

/** A production deployment with the real card provider: what integrators meet. */
let production: TestApp;
/** `npm start` on a laptop: PUBLIC_URL on this machine, so not a public deployment. */
let ownMachine: TestApp;
beforeAll(async () => {
  production = await createTestApp(t.database, {
    env: {
      NODE_ENV: 'production',
      ...OFFLINE_VIVA_ENV,
      // No timer of the kitchen watchdog in a test.
      WATCHDOG: 'false',
    },
  });
  ownMachine = await createTestApp(t.database, { env: { PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(async () => {
  await production?.close();
  await ownMachine?.close();
});

const DOC_PATHS = ['/api/docs', '/api/docs/openapi.json'];

/** The structure OpenAPI 3 requires of what this document holds. */
const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
});
const operation = z.object({
  parameters: z.array(parameter).optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })),
    })
    .optional(),
  responses: z
    .record(
      z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/),
      z.object({ description: z.string() }),
    )
    .refine((responses) => Object.keys(responses).length > 0, 'no responses'),
});
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const openApiDocument = z.object({
  openapi: z.string().regex(/^3\.[01]\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1) }),
  paths: z.record(
    z.string().regex(/^\/[^:]*$/, 'a path template: {name}, never :name'),
    z.partialRecord(z.enum(METHODS), operation),
  ),
});
type OpenApiDocument = z.infer<typeof openApiDocument>;

async function fetchDocument(app: AppInstance, url = '/api/docs', cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClient(),
  });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<unknown>();
}

/** `GET /api/orders/{id}`-style keys of every /api route the app has registered. */
function apiRouteKeys(app: AppInstance): string[] {
  const keys = registeredRoutes(app)
    // Fastify answers HEAD from the GET route; the document names the GET.
    .filter((route) => route.path.startsWith('/api/') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(keys)].sort();
}

function documentedKeys(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('the document', () => {
  /** As served, every field kept. */
  let served: unknown;
  /** Its structure, checked. */
  let document: OpenApiDocument;
  beforeAll(async () => {
    const admin = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }), t.clock.now());
    served = await fetchDocument(production.app, '/api/docs', admin);
    document = openApiDocument.parse(served);
  });

  it('is OpenAPI 3 with paths', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(50);
  });

  it('names every /api route the app registers, with either payment provider', async () => {
    const documented = new Set(documentedKeys(document));
    const registered = apiRouteKeys(production.app);
    // The walk reads what Fastify serves, webhooks without a schema included.
    expect(registered).toEqual(
      expect.arrayContaining([
        'POST /api/viva-wallet/create-payment',
        'POST /api/viva-wallet/webhook',
        'POST /api/webhooks/wolt',
        'GET /api/docs',
      ]),
    );
    expect(registered.filter((key) => !documented.has(key))).toEqual([]);

    const simulatorDocument = openApiDocument.parse(
      await fetchDocument(ownMachine.app, '/api/docs'),
    );
    const simulatorDocumented = new Set(documentedKeys(simulatorDocument));
    expect(apiRouteKeys(ownMachine.app).filter((key) => !simulatorDocumented.has(key))).toEqual([]);
  });

  it("describes each path parameter of a route's template", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, op] of Object.entries(operations)) {
        for (const name of names) {
          const declared = op.parameters?.find((p) => p.in === 'path' && p.name === name);
          expect(declared?.required, `${method} ${path} {${name}}`).toBe(true);
        }
      }
    }
  });

  it("takes the checkout's body from the shared checkout schema", () => {
    const checkout = document.paths['/api/viva-wallet/create-payment']?.post;
    const body = checkout?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required: string[];
    };
    expect(checkout?.requestBody?.required).toBe(true);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['customerName', 'customerEmail', 'orderData']),
    );
    expect(Object.keys(body.properties.orderData!.properties!)).toEqual(
      expect.arrayContaining(['items', 'orderSource']),
    );
    expect(Object.keys(checkout!.responses)).toContain('200');
  });

  it("takes params and query from the routes' schemas", () => {
    const day = document.paths['/api/admin/shop-hours/{day}']?.put?.parameters?.find(
      (p) => p.name === 'day',
    );
    expect(day).toMatchObject({ in: 'path', required: true });
    expect(day?.schema?.enum).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    const exportQuery = document.paths['/api/admin/export/orders.csv']?.get?.parameters
      ?.filter((p) => p.in === 'query')
      .map((p) => p.name)
      .sort();
    expect(exportQuery).toEqual(['from', 'to']);
  });

  it('is docs/openapi.json (`npm run openapi` writes it again)', async () => {
    await expect(`${JSON.stringify(served, null, 2)}\n`).toMatchFileSnapshot(
      '../../../docs/openapi.json',
      'docs/openapi.json is stale: run `npm run openapi` and commit it',
    );
  });
});

describe('who may read it', () => {
  let sessions: Record<'admin' | 'staff' | 'kitchen', string>;
  beforeAll(async () => {
    const session = async (role: 'admin' | 'staff' | 'kitchen') =>
      signIn(t.db, await createStaffUser(t.db, { role }), t.clock.now());
    sessions = {
      admin: await session('admin'),
      staff: await session('staff'),
      kitchen: await session('kitchen'),
    };
  });

  const get = (app: AppInstance, url: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: cookie ? { cookie } : {},
      remoteAddress: nextClient(),
    });

  it('in production: a stranger gets 401, staff and kitchen 403, an admin the document', async () => {
    for (const url of DOC_PATHS) {
      expect((await get(production.app, url)).statusCode, url).toBe(401);
      expect((await get(production.app, url, sessions.staff)).statusCode, url).toBe(403);
      expect((await get(production.app, url, sessions.kitchen)).statusCode, url).toBe(403);
      const answer = await get(production.app, url, sessions.admin);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json<{ openapi: string }>().openapi).toBe('3.1.0');
    }
  });

  it('on any public deployment (PUBLIC_URL not this machine), whatever NODE_ENV says', async () => {
    expect(t.config.isPublicDeployment).toBe(true);
    expect((await get(t.app, '/api/docs')).statusCode).toBe(401);
    expect((await get(t.app, '/api/docs', sessions.staff)).statusCode).toBe(403);
  });

  it("is open to anyone on a developer's own machine", async () => {
    expect(ownMachine.config.isPublicDeployment).toBe(false);
    for (const url of DOC_PATHS) {
      const answer = await get(ownMachine.app, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json<{ openapi: string }>().openapi).toBe('3.1.0');
    }
  });
});
