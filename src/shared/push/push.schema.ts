import { z } from 'zod';

/**
 * A browser's PushSubscription.toJSON(), as POST /api/orders/:id/push-subscription takes it.
 * Where the endpoint may point (https, a public host, also after DNS) is checked by the server,
 * which resolves the name; a browser's own endpoint always passes.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** What the service worker receives and shows. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  orderId: z.uuid(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
