/**
 * Web Push to the staff's own devices (decision 023): an admin or counter account's browser
 * subscribes on the dashboard or the POS, and the kitchen watchdog's alerts reach it even with
 * the page closed. Sent like the customer's "ready" push (push.service.ts): encrypted by
 * web-push, to an endpoint checked again right before sending; gone subscriptions are deleted.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { staffPushSubscriptions } from '../../db/schema.ts';
import type { PushSubscriptionInput } from '#shared/push/push.schema.ts';
import { conflict } from '../../http/errors.ts';
import { getSetting } from '../settings/index.ts';
import type { PushEndpointCheck } from '../../lib/push-endpoint-check.ts';
import { getVapidKeys, postPush } from './push.service.ts';

/** A person has a phone, a tablet and a laptop, not a hundred devices. */
const MAX_DEVICES_PER_STAFF = 5;

/** What the service worker shows for a staff alert (sw.js). */
export interface StaffPushPayload {
  title: string;
  body: string;
  /** The page a tap opens. */
  url: string;
  /** One notification per incident: a later push with the same tag replaces it. */
  tag: string;
}

export async function saveStaffPushSubscription(
  db: Db,
  staffId: string,
  subscription: PushSubscriptionInput,
  checkPushEndpoint: PushEndpointCheck,
) {
  await checkPushEndpoint(subscription.endpoint);
  const existing = await db
    .select({ endpoint: staffPushSubscriptions.endpoint })
    .from(staffPushSubscriptions)
    .where(eq(staffPushSubscriptions.staffId, staffId));
  if (
    existing.length >= MAX_DEVICES_PER_STAFF &&
    !existing.some((row) => row.endpoint === subscription.endpoint)
  ) {
    throw conflict('This account already has enough devices to alert.');
  }
  const values = {
    staffId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db
    .insert(staffPushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: staffPushSubscriptions.endpoint, set: values });
}

/**
 * Sends one alert to every staff device. Never throws; a device that cannot be reached is
 * logged and skipped (the banner and the sound on open screens still alert).
 */
export async function pushToStaff(
  db: Db,
  payload: StaffPushPayload,
  log: FastifyBaseLogger,
  checkPushEndpoint: PushEndpointCheck,
): Promise<number> {
  try {
    const subscriptions = await db.select().from(staffPushSubscriptions);
    if (subscriptions.length === 0) return 0;
    const [keys, shopEmail] = await Promise.all([getVapidKeys(db), getSetting(db, 'shop_email')]);
    const outcomes = await Promise.allSettled(
      subscriptions.map(async (subscription) => {
        const request = webpush.generateRequestDetails(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(payload),
          {
            TTL: 600,
            urgency: 'high',
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
            vapidDetails: {
              subject: `mailto:${shopEmail}`,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
          },
        );
        const target = await checkPushEndpoint(subscription.endpoint);
        const status = await postPush(target, request);
        if (status === 404 || status === 410) {
          await db
            .delete(staffPushSubscriptions)
            .where(eq(staffPushSubscriptions.id, subscription.id));
        } else if (status < 200 || status >= 300) {
          throw new Error(`push service answered ${status}`);
        }
        return status;
      }),
    );
    let sent = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') sent += 1;
      else log.warn({ err: outcome.reason }, 'could not push a watchdog alert to a staff device');
    }
    return sent;
  } catch (error) {
    log.error({ err: error }, 'could not push a watchdog alert to the staff');
    return 0;
  }
}
