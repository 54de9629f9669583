/**
 * Bolt Food's webhooks to our order. ASSUMPTION (integrations.md §3, decision 017): Bolt's
 * new-order payload is not public in what we could reach. This file is the one place that
 * guesses it, to be replaced when sandbox access exists; everything else (signatures, calls,
 * the inbox, the kitchen) follows what is confirmed. Assumed:
 *
 *   POST <our webhook>/sendNewOrder (or the body's "event")
 *   { "event": "sendNewOrder", "order_id": 123456, "provider_id": 789,
 *     "order_reference": "A1B2", "created": "2026-11-24T12:00:00Z",
 *     "delivery_type": "takeaway" | "delivery",
 *     "items": [{ "name": "Brisket Sandwich", "quantity": 2, "unit_price": 12.5,
 *                 "external_id": "<our menu item id>",
 *                 "options": [{ "name": "Sauce", "value": "BBQ" }] }],
 *     "customer": { "first_name": "Mari" }, "comment": "No onions",
 *     "pickup_time": "2026-11-24T12:20:00Z" }
 *   sendCancelOrder: { "order_id": 123456, "provider_id": 789 }
 *
 * Prices are major units (euros, like Wolt's menu and Bolt's menu API), rounded to cents.
 */
import { z } from 'zod';
import { PLATFORM_ACCEPT_WINDOW_MS } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { checkMappedOrder, parseDate, type MappedPlatformOrder } from './platform-order.ts';

export const BOLT_EVENTS = [
  'sendNewOrder',
  'sendCancelOrder',
  'sendOrderUpdate',
  'sendProviderStatus',
  'sendCourierDetails',
  'sendDeductionEvent',
] as const;
export type BoltEvent = (typeof BOLT_EVENTS)[number];

const id = z.union([z.string().min(1), z.number().int()]).transform(String);

export const boltWebhookSchema = z.looseObject({
  event: z.string().nullish(),
  order_id: id,
  provider_id: id.nullish(),
});

const boltOrderSchema = z.looseObject({
  order_id: id,
  order_reference: z.union([z.string(), z.number()]).nullish(),
  created: z.union([z.string(), z.number()]).nullish(),
  delivery_type: z.string().nullish(),
  items: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        quantity: z.number().int().min(1),
        unit_price: z.number().min(0),
        external_id: z.string().nullish(),
        options: z
          .array(z.looseObject({ name: z.string().nullish(), value: z.string().nullish() }))
          .nullish(),
      }),
    )
    .min(1),
  customer: z.looseObject({ first_name: z.string().nullish() }).nullish(),
  comment: z.string().nullish(),
  pickup_time: z.union([z.string(), z.number()]).nullish(),
});

export function mapBoltOrder(input: unknown, receivedAt: Date): MappedPlatformOrder {
  const order = boltOrderSchema.parse(input);
  const createdAt = parseDate(order.created) ?? receivedAt;
  const start = createdAt.getTime() < receivedAt.getTime() ? createdAt : receivedAt;
  return checkMappedOrder({
    externalId: order.order_id,
    externalNumber: order.order_reference == null ? null : String(order.order_reference),
    state: 'open',
    type: order.delivery_type === 'delivery' ? 'delivery' : 'pickup',
    lines: order.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitPriceCents: Math.round(item.unit_price * 100),
      menuItemId: item.external_id ?? null,
      options: (item.options ?? []).flatMap((option) =>
        option.value ? [option.name ? `${option.name}: ${option.value}` : option.value] : [],
      ),
    })),
    customerName: order.customer?.first_name?.trim() || 'Bolt Food customer',
    customerPhone: '',
    specialInstructions: order.comment?.trim() || null,
    deliveryFeeCents: 0,
    // Bolt's time limit is not public; the same 3 minutes as Wolt is our assumption.
    acceptBy: new Date(start.getTime() + PLATFORM_ACCEPT_WINDOW_MS),
    pickupAt: parseDate(order.pickup_time),
  });
}
