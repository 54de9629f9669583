/**
 * The WebSocket contract at /ws (spec customer-site §7, DESIGN.md departure 6).
 * Sockets notify, queries fetch: an event tells a screen what to refetch.
 */
import { z } from 'zod';
import { KITCHEN_STATUSES, ORDER_STATUSES } from '../orders/order-states.ts';

/** What a browser may send. Anything else closes the socket. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), orderId: z.uuid() }),
  z.object({ type: z.literal('unsubscribe'), orderId: z.uuid() }),
  z.object({ type: z.literal('ping') }),
  // A page that wants the menu's and the shop's changes and follows no order (the storefront,
  // the checkout): without a subscription or this, a customer's socket is closed after 30 s.
  z.object({ type: z.literal('watch') }),
  // After a reconnect: everything after the last sequence this socket saw (decision 008).
  z.object({ type: z.literal('resume'), after: z.number().int().min(0) }),
  // A kitchen display says it is one (after each connect): the server's watchdog counts the
  // displays that are connected. Ignored from a socket without kitchen access.
  z.object({ type: z.literal('kitchenDisplay') }),
]);

/** To a customer following one order (spec: type statusUpdate with orderId and status). */
export const statusUpdateSchema = z.object({
  type: z.literal('statusUpdate'),
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
  /** The event's number (decision 008); a socket remembers the last for `resume`. */
  sequence: z.number().int().optional(),
});

/** To staff screens (kitchen display, dashboard): an order appeared or changed. */
const orderChangedSchema = z.object({
  type: z.literal('orderChanged'),
  change: z.enum(['created', 'updated', 'deleted']),
  orderId: z.uuid(),
  orderNumber: z.number().int().nullable(),
  sequence: z.number().int().optional(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  statusUpdateSchema,
  orderChangedSchema,
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('hello'), role: z.enum(['customer', 'staff']) }),
  // A resume asked for more than the server replays: refetch everything instead.
  z.object({ type: z.literal('refetch') }),
  // To staff: the kitchen watchdog's state changed (decision 023): refetch GET /api/admin/watchdog.
  z.object({ type: z.literal('watchdogChanged') }),
  // To every socket: the menu changed (an item sold out, a price, a photo): refetch it.
  z.object({ type: z.literal('menuChanged') }),
  // To every socket: online orders were paused or resumed, or busy mode changed: refetch the
  // shop status (decision 014).
  z.object({ type: z.literal('shopChanged') }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** An order change as a service records it (the outbox row's payload). */
const orderEventPayloadSchema = z.object({
  change: z.enum(['created', 'updated', 'deleted']),
  orderId: z.uuid(),
  orderNumber: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
});
export type OrderEventPayload = z.infer<typeof orderEventPayloadSchema>;

/** What travels between server instances (PostgreSQL NOTIFY on ORDER_EVENTS_CHANNEL). */
export const orderEventSchema = orderEventPayloadSchema.extend({ sequence: z.number().int() });
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const ORDER_EVENTS_CHANNEL = 'order_events';
/** PostgreSQL NOTIFY channel: the menu changed (every instance tells its sockets). */
export const MENU_CHANGES_CHANNEL = 'menu_changes';
/** PostgreSQL NOTIFY channel: pause or busy mode changed (every instance tells its sockets). */
export const SHOP_CHANGES_CHANNEL = 'shop_changes';
/** PostgreSQL NOTIFY channel: the kitchen watchdog's state changed (decision 023). */
export const WATCHDOG_CHANGES_CHANNEL = 'watchdog_changes';
