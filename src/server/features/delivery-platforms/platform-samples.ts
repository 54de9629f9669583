/**
 * Test Order and Test Webhook (spec back-office.md §7; decision 017): realistic platform
 * payloads made from our own menu, with ids starting `test-` so nothing is ever sent back to
 * the platform for them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';
import { TEST_ID_PREFIX } from './platform-inbox.service.ts';

async function sampleItems(db: Db) {
  const items = await db
    .select({ id: menuItems.id, name: menuItems.name, priceCents: menuItems.basePriceCents })
    .from(menuItems)
    .where(and(eq(menuItems.isHidden, false), eq(menuItems.isAvailable, true)))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.name))
    .limit(2);
  return items.length > 0
    ? items
    : [{ id: 'sample-burger', name: 'Smash Burger', priceCents: 1090 }];
}

function shortNumber(): string {
  return String(100 + Math.floor(Math.random() * 900));
}

/** A Wolt OrderV2 (integrations.md §2.5) waiting for our accept, for a takeaway. */
export async function sampleWoltOrder(db: Db, now: Date) {
  const items = await sampleItems(db);
  const lines = items.map((item, index) => ({
    item_type: 'order-item-with-price-breakdown',
    id: randomUUID(),
    count: index === 0 ? 2 : 1,
    pos_id: item.id,
    name: item.name,
    options:
      index === 0 ? [{ id: randomUUID(), name: 'Extras', value: 'Extra pickles', count: 1 }] : [],
    item_price: {
      unit_price: { amount: item.priceCents, currency: 'EUR' },
      total: { amount: item.priceCents * (index === 0 ? 2 : 1), currency: 'EUR' },
    },
  }));
  return {
    id: `${TEST_ID_PREFIX}${randomUUID()}`,
    order_number: shortNumber(),
    order_status: 'received',
    type: 'instant',
    created_at: now.toISOString(),
    pickup_eta: new Date(now.getTime() + 20 * 60_000).toISOString(),
    consumer_name: 'Test C.',
    consumer_phone_number: null,
    consumer_comment: 'Test order from Delivery Platforms',
    delivery: { status: 'none', type: 'takeaway', time: null, self_delivery: false },
    items: lines,
  };
}

/** Bolt Food's new-order payload as bolt-order-mapping.ts assumes it. */
export async function sampleBoltOrder(db: Db, now: Date, providerId: string) {
  const items = await sampleItems(db);
  return {
    event: 'sendNewOrder',
    order_id: `${TEST_ID_PREFIX}${randomUUID()}`,
    provider_id: providerId || 'test-provider',
    order_reference: `B${shortNumber()}`,
    created: now.toISOString(),
    delivery_type: 'delivery',
    items: items.map((item, index) => ({
      name: item.name,
      quantity: index === 0 ? 1 : 2,
      unit_price: item.priceCents / 100,
      external_id: item.id,
      options: index === 0 ? [{ name: 'Sauce', value: 'BBQ' }] : [],
    })),
    customer: { first_name: 'Test' },
    comment: 'Test order from Delivery Platforms',
    pickup_time: new Date(now.getTime() + 20 * 60_000).toISOString(),
  };
}

/** Test Webhook's notification: signed like the platform's, about no real order. */
export function sampleNotification(platform: 'wolt' | 'bolt', venueId: string, now: Date) {
  const id = `${TEST_ID_PREFIX}${randomUUID()}`;
  return platform === 'wolt'
    ? {
        id,
        type: 'order.notification',
        order: { id, venue_id: venueId || 'test-venue', status: 'CREATED', resource_url: null },
        created_at: now.toISOString(),
      }
    : { event: 'sendOrderUpdate', order_id: id, provider_id: venueId || 'test-provider' };
}
