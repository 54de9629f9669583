/**
 * Web Push (../shared/integrations.md §4): VAPID keys made once and kept in the database;
 * the browser that placed an order subscribes for it; when the kitchen marks it ready, every
 * subscription gets an encrypted push, sent with our own request (web-push builds it) to an
 * endpoint checked again right before sending (push-endpoint.ts). Gone subscriptions (404/410)
 * are deleted.
 */
import http from 'node:http';
import https from 'node:https';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { orders, pushSubscriptions, vapidKeys } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { CheckedEndpoint, PushEndpointCheck } from '../../lib/push-endpoint-check.ts';
import type { PushPayload, PushSubscriptionInput } from '#shared/push/push.schema.ts';
import { getSetting } from '../settings/index.ts';

/** A customer subscribes a phone or two, not a hundred. */
const MAX_SUBSCRIPTIONS_PER_ORDER = 5;
const PUSH_TIMEOUT_MS = 10_000;

export async function getVapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const [existing] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read it back.
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...generated })
    .onConflictDoNothing();
  const [stored] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  return stored!;
}

const NOT_THE_PLACING_BROWSER = 'Only the browser that placed this order can be notified about it.';

/**
 * Adds a device to notify for an order. Only the browser that placed it may (DESIGN.md
 * departure 12): a stranger with the link cannot fill the order's few places or have the
 * server send pushes where they choose.
 */
export async function savePushSubscription(
  db: Db,
  orderId: string,
  subscription: PushSubscriptionInput,
  isPlacingBrowser: (placedByTokenHash: string | null) => boolean,
  checkPushEndpoint: PushEndpointCheck,
) {
  const [order] = await db
    .select({ id: orders.id, placedByTokenHash: orders.placedByTokenHash })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found.');
  if (!isPlacingBrowser(order.placedByTokenHash)) throw forbidden(NOT_THE_PLACING_BROWSER);
  await checkPushEndpoint(subscription.endpoint);
  const existing = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.orderId, orderId));
  if (
    existing.length >= MAX_SUBSCRIPTIONS_PER_ORDER &&
    !existing.some((row) => row.endpoint === subscription.endpoint)
  ) {
    throw conflict('This order already has enough devices to notify.');
  }
  const values = {
    orderId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** What became of one ready push: done (sent, gone, refused) or to be tried again. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry';

/**
 * Sends the "order ready" push to one subscribed device (an outbound job of the outbox,
 * realtime/order-events.ts). Never throws: `retry` when the push service could not be reached
 * or answered 429/5xx; a gone subscription (404/410) is deleted.
 */
export async function sendReadyPushTo(
  db: Db,
  subscriptionId: string,
  order: { id: string; orderNumber: number },
  log: FastifyBaseLogger,
  checkPushEndpoint: PushEndpointCheck,
): Promise<PushOutcome> {
  try {
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, subscriptionId));
    if (!subscription) return 'gone';
    const [keys, shopEmail] = await Promise.all([getVapidKeys(db), getSetting(db, 'shop_email')]);
    const payload: PushPayload = {
      title: 'Your order is ready!',
      body: `Order #${order.orderNumber} is ready for pickup. Please come to the counter.`,
      orderId: order.id,
    };
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(payload),
      {
        TTL: 3600,
        urgency: 'high',
        vapidDetails: {
          subject: `mailto:${shopEmail}`,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
      },
    );
    let target: CheckedEndpoint;
    try {
      // Again at send time: the name may resolve elsewhere now (DNS rebinding).
      target = await checkPushEndpoint(subscription.endpoint);
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'push endpoint refused; not sent');
      return 'refused';
    }
    let status: number;
    try {
      status = await postPush(target, request);
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'push service unreachable; will retry');
      return 'retry';
    }
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return 'gone';
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 429 || status >= 500) {
      log.warn({ status, orderId: order.id }, 'push service busy; will retry');
      return 'retry';
    }
    log.warn({ status, orderId: order.id }, 'push service refused a push');
    return 'refused';
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'could not send the ready push; will retry');
    return 'retry';
  }
}

/**
 * POSTs one push and answers the status. Node's http(s).request rather than fetch: it takes a
 * `lookup`, so the connection goes to the address that was checked, not to whatever the name
 * resolves to a moment later (fetch's undici would need its own dependency for that). Redirects
 * are not followed: one could lead anywhere.
 */
export function postPush(
  target: CheckedEndpoint,
  details: ReturnType<typeof webpush.generateRequestDetails>,
): Promise<number> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target.url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        lookup: target.lookup,
        // No pooled connection: every push connects through the checked lookup above.
        agent: false,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}
