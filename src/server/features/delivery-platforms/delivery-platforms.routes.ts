/**
 * Wolt and Bolt Food (spec back-office.md "Delivery Platform Management", §7; decision 017):
 * the webhooks (public, verified before parsing), the platform screen's calls (admin), and the
 * kitchen's reject and dismiss. Who may call what is in auth/access.ts.
 */
import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import {
  menuPreviewSchema,
  PLATFORM_NAMES,
  PLATFORMS,
  platformDriftSchema,
  platformEventListSchema,
  platformQueuedSchema,
  platformSchema,
  platformEventQuerySchema,
  platformEventSchema,
  platformRejectSchema,
  platformStatusSchema,
  REJECT_REASONS,
  testDeliveryOrderResultSchema,
  testDeliveryOrderSchema,
  testWebhookResultSchema,
  webhookInfoSchema,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { BOLT_EVENTS, mapBoltOrder, type BoltEvent } from './bolt-order-mapping.ts';
import { mapWoltOrder } from './wolt-order-mapping.ts';
import {
  eventOutcome,
  lastActivity,
  listEvents,
  platformSettings,
  receiveWebhook,
  rejectedCalls,
  retryEvent,
} from './platform-inbox.service.ts';
import { PlatformJobs } from './platform-jobs.ts';
import { platformSync, PlatformSyncJobs } from './platform-sync.ts';
import { menuPreview, platformDrift, queueDriftFix, queueMenuPush } from './platform-menu.ts';
import {
  dismissCancelledOrder,
  placeMappedOrder,
  rejectPlatformOrder,
} from './platform-orders.service.ts';
import { sampleBoltOrder, sampleNotification, sampleWoltOrder } from './platform-samples.ts';
import { boltSignature, woltSignature } from './signatures.ts';
import { publicAddress } from '../settings/index.ts';

/** Largest webhook body we read; Wolt's notifications are a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/**
 * Per address, route and minute: a food truck's platform notifications and their re-sends fit
 * many times over, a flood does not (docs/operations.md "Limits").
 */
const WEBHOOK_REQUESTS_PER_MINUTE = 120;
/**
 * How long Retry waits for the event's outcome before answering that it is queued: an order
 * fetched from Wolt answers well within it; a platform that hangs (10 s timeout) does not.
 */
const RETRY_WAIT_MS = 5_000;

function webhookPath(platform: Platform): string {
  return `/api/webhooks/${platform}`;
}

/** The Wolt and Bolt Food feature's plugin (docs/decisions/029): webhooks, jobs, back office. */
export async function deliveryPlatformsFeature(app: AppInstance) {
  const { db, config, now, orderEvents: events } = app;
  new PlatformJobs(db, config, events, now, app.log).register(app.jobs);
  // Sold out and back, and the hours, on the platforms; the timer that notices a mark's end
  // (decision 027).
  const syncJobs = new PlatformSyncJobs(db, config, events, now, app.log);
  syncJobs.register(app.jobs);
  app.addHook('onReady', async () => syncJobs.start());
  app.addHook('onClose', async () => syncJobs.stop());

  // ---------------------------------------------------------------- webhooks (public)
  await app.register(async (scope) => {
    // The raw bytes, unparsed: the signature is over them (integrations.md §2.3).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const rateLimit = { max: WEBHOOK_REQUESTS_PER_MINUTE, timeWindow: '1 minute' };
    const handle = (platform: Platform, boltEvent?: string) =>
      async function (
        this: unknown,
        request: {
          body: unknown;
          headers: Record<string, string | string[] | undefined>;
          ip: string;
        },
        reply: { code: (status: number) => { send: (body: unknown) => unknown } },
      ) {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await receiveWebhook(db, {
          platform,
          body,
          headers: request.headers,
          boltEvent,
          remoteAddress: request.ip,
        });
        if (answer.status === 200) events.wake();
        return reply
          .code(answer.status)
          .send(answer.status === 200 ? { ok: true } : { error: answer.message });
      };
    scope.post(webhookPath('wolt'), { config: { rateLimit } }, (request, reply) =>
      handle('wolt')(request, reply),
    );
    scope.post(webhookPath('bolt'), { config: { rateLimit } }, (request, reply) =>
      handle('bolt')(request, reply),
    );
    scope.post(
      `${webhookPath('bolt')}/:event`,
      {
        config: { rateLimit },
        schema: { params: z.object({ event: z.enum(BOLT_EVENTS) }) },
      },
      (request, reply) =>
        handle('bolt', (request.params as { event: BoltEvent }).event)(request, reply),
    );
  });

  // ---------------------------------------------------------------- the platform screen
  // The addresses to give each platform: the shop's public address (Shop Settings, else
  // PUBLIC_URL), read at each request.
  app.get('/api/webhook-info', { schema: { response: { 200: webhookInfoSchema } } }, async () => {
    const address = await publicAddress(db, config);
    return {
      wolt: `${address}${webhookPath('wolt')}`,
      bolt: `${address}${webhookPath('bolt')}`,
      domain: new URL(address).host,
    };
  });

  app.get(
    '/api/admin/delivery-platforms/status',
    { schema: { response: { 200: platformStatusSchema } } },
    async () => ({
      platforms: await Promise.all(
        PLATFORMS.map(async (platform) => {
          const settings = await platformSettings(db, platform);
          return {
            platform,
            enabled: settings.enabled,
            configured: Boolean(
              settings.apiKey &&
              settings.venueId &&
              settings.webhookSecret &&
              (platform === 'wolt' || settings.integratorId),
            ),
            ...(await lastActivity(db, platform)),
            rejectedCalls: await rejectedCalls(db, platform),
            availabilitySync: await platformSync(db, platform, 'availability'),
            hoursSync: await platformSync(db, platform, 'hours'),
            menuSync: await platformSync(db, platform, 'menu'),
            drift: await platformDrift(db, platform),
          };
        }),
      ),
    }),
  );

  // ---------------------------------------------------------------- menu push and drift
  // (decision 027, amended 2026-11-27)
  const platformParams = z.object({ platform: platformSchema });

  app.get(
    '/api/admin/delivery-platforms/:platform/menu-preview',
    { schema: { params: platformParams, response: { 200: menuPreviewSchema } } },
    async (request) =>
      menuPreview(db, request.params.platform, await publicAddress(db, config), now()),
  );

  app.post(
    '/api/admin/delivery-platforms/:platform/menu-push',
    { schema: { params: platformParams, response: { 202: platformQueuedSchema } } },
    async (request, reply) => {
      const { platform } = request.params;
      await queueMenuPush(db, platform, await publicAddress(db, config), now());
      events.wake();
      return reply.code(202).send({
        message: `The menu is on its way to ${PLATFORM_NAMES[platform]}; "Menu last sent" shows when it arrived.`,
      });
    },
  );

  app.post(
    '/api/admin/delivery-platforms/:platform/drift/check',
    { schema: { params: platformParams, response: { 200: platformDriftSchema } } },
    async (request) => syncJobs.checkDrift(request.params.platform),
  );

  app.post(
    '/api/admin/delivery-platforms/:platform/drift/fix',
    { schema: { params: platformParams, response: { 202: platformQueuedSchema } } },
    async (request, reply) => {
      const { platform } = request.params;
      const queued = await queueDriftFix(db, platform);
      events.wake();
      return reply.code(202).send({
        message:
          queued === 0
            ? 'Nothing to send: an item missing on the platform needs Push menu.'
            : `Sending ours again to ${PLATFORM_NAMES[platform]} (${queued} change${queued === 1 ? '' : 's'}).`,
      });
    },
  );

  app.get(
    '/api/admin/delivery-platforms/events',
    {
      schema: {
        querystring: platformEventQuerySchema,
        response: { 200: platformEventListSchema },
      },
    },
    async (request) => ({ events: await listEvents(db, request.query) }),
  );

  app.post(
    '/api/admin/delivery-platforms/events/:id/retry',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: z.object({ event: platformEventSchema }) },
      },
    },
    async (request) => {
      await retryEvent(db, request.params.id);
      events.wake();
      // The outcome if processing ends within the wait; else the event still `verified`, which
      // the screen shows as queued (decision 017, Retry).
      return { event: await eventOutcome(db, request.params.id, RETRY_WAIT_MS) };
    },
  );

  // Test Order: the same mapping and placing as a real webhook's order, marked TEST.
  app.post(
    '/api/test/create-delivery-order',
    {
      config: { idempotent: true },
      schema: {
        body: testDeliveryOrderSchema,
        response: { 200: testDeliveryOrderResultSchema },
      },
    },
    async (request) => {
      const { platform } = request.body;
      const settings = await platformSettings(db, platform);
      const at = now();
      const mapped =
        platform === 'wolt'
          ? mapWoltOrder(await sampleWoltOrder(db, at), at)
          : mapBoltOrder(await sampleBoltOrder(db, at, settings.venueId), at);
      const order = await placeMappedOrder(
        db,
        platform,
        mapped,
        { isTest: true, autoAccept: settings.autoAccept },
        events,
      );
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        message: `Test ${PLATFORM_NAMES[platform]} order #${order.orderNumber} is on the kitchen display.`,
      };
    },
  );

  // Test Webhook: a correctly signed sample sent to our own webhook URL, as the platform would.
  for (const platform of PLATFORMS) {
    app.post(
      `/api/test-webhook/${platform}`,
      { schema: { response: { 200: testWebhookResultSchema } } },
      async () => {
        const settings = await platformSettings(db, platform);
        const body = JSON.stringify(sampleNotification(platform, settings.venueId, now()));
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (platform === 'wolt') {
          headers['wolt-signature'] = woltSignature(body, settings.webhookSecret);
        } else if (settings.webhookAuth === 'hmac') {
          headers['x-server-authorization-hmac-sha256'] = boltSignature(
            body,
            settings.webhookSecret,
          );
        } else {
          headers.authorization = `Basic ${Buffer.from(`bolt:${settings.webhookSecret}`).toString('base64')}`;
        }
        const url = `${config.publicUrl}${webhookPath(platform)}`;
        let response: Response;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          return {
            ok: false,
            status: 0,
            message: `Could not reach ${url}: ${reason}`,
            eventId: null,
          };
        }
        const answer = (await response.json().catch(() => ({}))) as { error?: string };
        const [latest] = await listEvents(db, { platform });
        const eventId = latest?.id ?? null;
        return response.ok
          ? {
              ok: true,
              status: response.status,
              message: `Signature verified; event #${eventId} recorded (HTTP ${response.status}).`,
              eventId,
            }
          : {
              ok: false,
              status: response.status,
              message: `Our webhook answered HTTP ${response.status}: ${answer.error ?? 'no reason given'}`,
              eventId,
            };
      },
    );
  }

  // ---------------------------------------------------------------- the kitchen
  app.put(
    '/api/admin/orders/:id/platform-reject',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'Not an order id' }) }),
        body: platformRejectSchema,
      },
    },
    async (request) => {
      const { code, reason } = request.body;
      const order = await rejectPlatformOrder(
        db,
        request.params.id,
        { code, reason: reason || REJECT_REASONS[code] },
        now(),
      );
      events.wake();
      return { id: order.id, orderNumber: order.orderNumber, status: order.status };
    },
  );

  app.post(
    '/api/kitchen/orders/:id/dismiss',
    { schema: { params: z.object({ id: z.uuid({ error: 'Not an order id' }) }) } },
    async (request, reply) => {
      await dismissCancelledOrder(db, request.params.id, now());
      events.wake();
      return reply.code(204).send();
    },
  );
}
