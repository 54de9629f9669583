import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { HttpError } from './http/errors.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import {
  httpTimeoutOptions,
  registerConnectionLimits,
  type HttpLimits,
} from './http/connection-limits.ts';
import { registerRetryAfter } from './http/too-many-requests.ts';
import { privateLogger } from './http/log-privacy.ts';
import { openApiRoutes, registerOpenApi } from './http/openapi.ts';
import { ClientFiles } from './http/static-files.ts';
import { COMPRESSION_THRESHOLD, listenForPublicChanges, PublicCache } from './http/public-cache.ts';
import type { AppInstance } from './http/types.ts';
import type { PaymentProvider } from './lib/payment-provider.ts';
import type { PushEndpointCheck } from './lib/push-endpoint-check.ts';
import fastifyWebsocket from '@fastify/websocket';
import { registerAccessControl, registerChannelAccess } from './features/auth/access.ts';
import { OrderEvents, type DispatcherOptions } from './features/realtime/order-events.ts';
import { JobRunner } from './features/realtime/job-runner.ts';
import type { RealtimeLimits } from './features/realtime/socket-limits.ts';
import { checkPushEndpoint } from './features/push/push-endpoint.ts';
import { SimulatorProvider } from './features/payments/simulator-provider.ts';
import { VivaClient } from './features/payments/viva-client.ts';
import { VivaProvider } from './features/payments/viva-provider.ts';
import { healthFeature } from './features/health/health.routes.ts';
import { seoFeature } from './features/seo/seo.routes.ts';
import { authFeature } from './features/auth/auth.routes.ts';
import { staffFeature } from './features/staff/staff.routes.ts';
import { menuFeature } from './features/menu/menu.routes.ts';
import { uploadsFeature } from './features/uploads/uploads.routes.ts';
import { shopHoursFeature } from './features/shop-hours/shop-hours.routes.ts';
import { pickupFeature } from './features/pickup/index.ts';
import { settingsFeature } from './features/settings/settings.routes.ts';
import { checkoutFeature } from './features/checkout/checkout.routes.ts';
import { posFeature } from './features/pos/pos.routes.ts';
import { cashDrawerFeature } from './features/cash-drawer/cash-drawer.routes.ts';
import { ordersFeature } from './features/orders/orders.routes.ts';
import { kitchenFeature } from './features/kitchen/kitchen.routes.ts';
import { dashboardFeature } from './features/admin-dashboard/dashboard.routes.ts';
import { onlineOrderingFeature } from './features/online-ordering/online-ordering.routes.ts';
import { calendarFeature } from './features/calendar/calendar.routes.ts';
import { analyticsFeature } from './features/analytics/analytics.routes.ts';
import { realtimeFeature } from './features/realtime/realtime.routes.ts';
import { watchdogFeature } from './features/watchdog/watchdog.routes.ts';
import { emailFeature } from './features/email/email.plugin.ts';
import { pushFeature } from './features/push/push.routes.ts';
import { deliveryPlatformsFeature } from './features/delivery-platforms/delivery-platforms.routes.ts';
import { refundsFeature } from './features/refunds/refunds.routes.ts';
import { printingFeature } from './features/printing/index.ts';
import { paymentsFeature } from './features/payments/payments.routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock; tests set it to check opening hours. */
  now?: () => Date;
  /** Folder of the built client (dist/client); absent in API tests. */
  clientDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Connection limits other than the production defaults (tests use short timeouts). */
  limits?: { http?: Partial<HttpLimits>; realtime?: Partial<RealtimeLimits> };
  /** Settle expired checkouts at start and on a timer (payments/reconcile.ts); main.ts sets it. */
  reconcilePayments?: boolean;
  /** The order-event dispatcher's poll, or `deliver: false` (tests of a crash before delivery). */
  dispatcher?: DispatcherOptions;
  /**
   * Where Web Pushes may go: checkPushEndpoint (push/push-endpoint.ts) unless given; tests let
   * their fake push service on http://127.0.0.1 through.
   */
  checkPushEndpoint?: PushEndpointCheck;
}

/** The provider PAYMENT_PROVIDER names, with its settings. */
function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'viva') {
    const viva = config.payments.viva;
    // loadConfig has already refused a viva provider without these.
    return new VivaProvider(
      new VivaClient({
        ...viva,
        clientId: viva.clientId ?? '',
        clientSecret: viva.clientSecret ?? '',
        sourceCode: viva.sourceCode ?? '',
      }),
    );
  }
  return new SimulatorProvider();
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Paths that never fall back to the single-page app. */
const NON_APP_PATH = /^\/(api|objects|ws|healthz|payments)(\/|$|\?)/;

export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database } = deps;
  const app = Fastify({
    // A plugin's set-up on a small, busy machine can take longer than Fastify's 10 s default, and
    // a start that gives up then is worse than a slow one (seen at load 19 on two cores).
    pluginTimeout: 120_000,
    // No e-mail or phone in the log (http/log-privacy.ts, docs/decisions/020).
    logger: privateLogger(deps.logger ?? { level: config.logLevel }),
    // A hop count trusts that many proxies in front; addresses trust only those (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Malformed URLs and the like get the house error shape too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(400)
        .send({ error: `Bad request: ${error.message}` });
    },
    // Our error handler answers 404s for unknown ids too; keep Fastify's default 1 MiB body limit.
    // Slow headers, trickled bodies and idle sockets are cut (http/connection-limits.ts).
    ...httpTimeoutOptions(deps.limits?.http),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: the API document is made from the routes as they are added.
  await registerOpenApi(app);

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const messages = Object.entries(fields).map(([field, message]) =>
        field === '_' ? message : `${field}: ${message}`,
      );
      return reply.code(400).send({ error: messages.join('; '), fields });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send({
        ...error.details,
        error: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.code(500).send({ error: GENERIC_500 });
    }
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own client errors (bad JSON, body too large, rate limit…) keep their status and text.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: GENERIC_500 });
  });

  // Security headers, built once. NOTE: @fastify/helmet built helmet's middleware, parsing the
  // CSP included, again for every request: about a sixth of a cached menu read's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and Radix set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // NOTE: upgrading would break a shop served over plain http on a local network.
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense behind https, which the operator configures at the proxy.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie);
  // JSON APIs take JSON only (a cross-site form cannot send it without a preflight); the
  // form parser lives only on the payment simulator's own page (payments/payments.routes.ts).
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifyRateLimit, { global: false });

  // What every feature reads from the app (http/types.ts, docs/decisions/029): decorated on the
  // root before any feature registers, so each feature's encapsulated plugin sees them.
  const now = deps.now ?? (() => new Date());
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('now', now);
  app.decorate('paymentProvider', createPaymentProvider(config));
  app.decorate('checkPushEndpoint', deps.checkPushEndpoint ?? checkPushEndpoint);
  // The outbox's outbound jobs (realtime/job-runner.ts): each feature registers its kinds'
  // handlers from its plugin. The order-event dispatcher delivers the events services record
  // with their changes, and its loop runs the jobs (decision 008).
  const jobs = new JobRunner(database.db, app.log, deps.dispatcher);
  const events = new OrderEvents(database, app.log, jobs, deps.dispatcher);
  app.decorate('jobs', jobs);
  app.decorate('orderEvents', events);
  // Added before the features': closed after theirs, as the last thing (hooks close in reverse).
  app.addHook('onClose', async () => events.stop());

  const publicCache = new PublicCache(now);
  app.decorate('publicCache', publicCache);
  await listenForPublicChanges(app, database, publicCache);

  // A test clock (FAKE_NOW, or a test's own) is the server's time for browsers too: the Date
  // header says it, so a page that times something by the server's clock (a sold-out mark's
  // end, decision 010) agrees with the server. The real clock needs nothing: Node sends it.
  const { now: clock } = deps;
  if (clock) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('date', clock().toUTCString());
      return payload;
    });
  }

  // Hooks for every route stay on the root, in this order: guards, who may call what, then
  // Idempotency-Key replays. A feature's own hooks apply to its routes only.
  registerConnectionLimits(app, config, deps.limits?.http);
  registerRequestGuards(app, config);
  registerRetryAfter(app);
  registerAccessControl(app);
  registerIdempotency(app, database.db, { answerDelayMs: config.idempotencyAnswerDelayMs });
  registerChannelAccess(app);
  // API answers of 1 KiB and more go out brotli- or gzip-compressed when the browser accepts it
  // (brotli at quality 4: cheap enough per request). Its onSend hooks are the routes' own, so
  // they run after the idempotency hook has kept the plain answer. The client's files come
  // precompressed from the build (http/static-files.ts), the public reads from their cache
  // (http/public-cache.ts).
  await app.register(fastifyCompress, { global: true, threshold: COMPRESSION_THRESHOLD });

  // The features, each a Fastify plugin with its own routes, hooks and jobs, in this order
  // (docs/decisions/029): the API document lists routes in it, and the watchdog needs realtime.
  await app.register(healthFeature);
  await app.register(async (scope) => openApiRoutes(scope));
  await app.register(seoFeature);
  await app.register(authFeature);
  await app.register(staffFeature);
  await app.register(menuFeature);
  await app.register(uploadsFeature);
  await app.register(shopHoursFeature);
  await app.register(pickupFeature);
  await app.register(settingsFeature);
  await app.register(checkoutFeature);
  await app.register(posFeature);
  await app.register(cashDrawerFeature);
  await app.register(ordersFeature);
  await app.register(kitchenFeature);
  await app.register(dashboardFeature);
  await app.register(onlineOrderingFeature);
  await app.register(calendarFeature);
  await app.register(analyticsFeature);
  await app.register(realtimeFeature, { limits: deps.limits?.realtime });
  await app.register(watchdogFeature);
  await app.register(emailFeature);
  await app.register(pushFeature);
  await app.register(deliveryPlatformsFeature);
  await app.register(refundsFeature);
  await app.register(printingFeature);
  await app.register(paymentsFeature, { reconcile: deps.reconcilePayments ?? false });
  // After every feature has registered its jobs' handlers, so a job left by a crash is run by
  // its handler at the first poll.
  await events.start();

  // The built client, read into memory once: serving it never waits on the thread pool.
  const clientFiles = deps.clientDir
    ? ClientFiles.load(deps.clientDir, { sourceMaps: config.serveSourceMaps })
    : null;

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !NON_APP_PATH.test(request.url);
    // A file of the client, or index.html for any other page path: the single-page app owns
    // those, including its own Page Not Found screen.
    const served = clientFiles && isPageRequest ? clientFiles.serve(request, reply) : null;
    if (served) return served;
    const pathOnly = request.url.split('?')[0];
    return reply.code(404).send({ error: `Not found: ${request.method} ${pathOnly}` });
  });

  return app;
}
