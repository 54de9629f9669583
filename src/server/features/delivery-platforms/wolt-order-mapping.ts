/**
 * Wolt's OrderV2 (integrations.md §2.5, documented) to our order. Tolerant: Wolt may add
 * fields and enum values, so unknown ones are ignored, and only what we use is required.
 */
import { z } from 'zod';
import { PLATFORM_ACCEPT_WINDOW_MS } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { checkMappedOrder, parseDate, type MappedPlatformOrder } from './platform-order.ts';

const money = z.looseObject({ amount: z.number().int() });

const woltOrderSchema = z.looseObject({
  id: z.string().min(1),
  order_number: z.union([z.string(), z.number()]).nullish(),
  order_status: z.string().nullish(),
  type: z.string().nullish(),
  created_at: z.string().nullish(),
  pickup_eta: z.string().nullish(),
  consumer_name: z.string().nullish(),
  consumer_phone_number: z.string().nullish(),
  consumer_comment: z.string().nullish(),
  venue: z.looseObject({ id: z.string().nullish() }).nullish(),
  delivery: z.looseObject({ type: z.string().nullish(), time: z.string().nullish() }).nullish(),
  fees: z.looseObject({ total: money.nullish() }).nullish(),
  pre_order: z.looseObject({ preorder_time: z.string().nullish() }).nullish(),
  order_handling: z.looseObject({ acceptance_status: z.string().nullish() }).nullish(),
  items: z
    .array(
      z.looseObject({
        id: z.string().nullish(),
        name: z.string().min(1),
        count: z.number().int().min(1),
        pos_id: z.string().nullish(),
        options: z
          .array(
            z.looseObject({
              name: z.string().nullish(),
              value: z.string().nullish(),
              count: z.number().int().nullish(),
            }),
          )
          .nullish(),
        item_price: z.looseObject({ unit_price: money, total: money.nullish() }),
      }),
    )
    .min(1),
});

/** Wolt statuses in which the order still waits for the venue's accept (§2.5 order_status). */
const AWAITING_ACCEPT = new Set(['received', 'fetched']);
const GIVEN_UP = new Set(['rejected']);
const FINISHED = new Set(['delivered']);

const TYPES: Record<string, MappedPlatformOrder['type']> = {
  takeaway: 'pickup',
  homedelivery: 'delivery',
  eatin: 'dine-in',
};

export function mapWoltOrder(input: unknown, receivedAt: Date): MappedPlatformOrder {
  const order = woltOrderSchema.parse(input);
  const status = (order.order_status ?? 'received').toLowerCase();
  const createdAt = parseDate(order.created_at) ?? receivedAt;
  // The 3 minutes run from when Wolt sent it; never from later than we heard of it.
  const start = createdAt.getTime() < receivedAt.getTime() ? createdAt : receivedAt;
  return checkMappedOrder({
    externalId: order.id,
    externalNumber: order.order_number == null ? null : String(order.order_number),
    state: GIVEN_UP.has(status) ? 'cancelled' : FINISHED.has(status) ? 'finished' : 'open',
    type: TYPES[order.delivery?.type ?? 'takeaway'] ?? 'pickup',
    lines: order.items.map((item) => ({
      name: item.name,
      quantity: item.count,
      unitPriceCents: item.item_price.unit_price.amount,
      menuItemId: item.pos_id ?? null,
      options: (item.options ?? []).flatMap((option) => {
        const value = option.value ?? '';
        if (!value) return [];
        const times = option.count && option.count > 1 ? ` x${option.count}` : '';
        return [option.name ? `${option.name}: ${value}${times}` : `${value}${times}`];
      }),
    })),
    customerName: order.consumer_name?.trim() || 'Wolt customer',
    customerPhone: order.consumer_phone_number?.trim() ?? '',
    specialInstructions: order.consumer_comment?.trim() || null,
    deliveryFeeCents: 0,
    acceptBy: AWAITING_ACCEPT.has(status)
      ? new Date(start.getTime() + PLATFORM_ACCEPT_WINDOW_MS)
      : null,
    pickupAt:
      parseDate(order.pickup_eta) ??
      parseDate(order.pre_order?.preorder_time) ??
      parseDate(order.delivery?.time),
  });
}

/** Wolt's notification (§2.2): a trigger only; the order itself is fetched. */
export const woltNotificationSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  order: z.looseObject({
    id: z.string().min(1),
    venue_id: z.string().nullish(),
    status: z.string().min(1),
  }),
  created_at: z.string().nullish(),
});
