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
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** To a customer following one order (spec: type statusUpdate with orderId and status). */
export const statusUpdateSchema = z.object({
  type: z.literal('statusUpdate'),
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
});

/** To staff screens (kitchen display, dashboard): an order appeared or changed. */
export const orderChangedSchema = z.object({
  type: z.literal('orderChanged'),
  change: z.enum(['created', 'updated', 'deleted']),
  orderId: z.uuid(),
  orderNumber: z.number().int().nullable(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  statusUpdateSchema,
  orderChangedSchema,
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('hello'), role: z.enum(['customer', 'staff']) }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** What travels between server instances (PostgreSQL NOTIFY on ORDER_EVENTS_CHANNEL). */
export const orderEventSchema = z.object({
  change: z.enum(['created', 'updated', 'deleted']),
  orderId: z.uuid(),
  orderNumber: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES).nullable(),
  kitchenEstimatedTime: z.number().int().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const ORDER_EVENTS_CHANNEL = 'order_events';
