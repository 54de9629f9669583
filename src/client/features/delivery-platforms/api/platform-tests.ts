/**
 * The cards' test buttons (spec back-office §7): POST /api/test/create-delivery-order {platform}
 * makes a test order as if the platform had sent it; POST /api/test-webhook/:platform sends a
 * signed sample to our own webhook and says what it answered. Either may add an inbox row.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  testDeliveryOrderResultSchema,
  testWebhookResultSchema,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { refreshPlatformActivity } from './platform-events.ts';

export function useTestOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each tap is meant to make one more test order: a new key each time (departure 14).
    mutationFn: async (platform: Platform) =>
      testDeliveryOrderResultSchema.parse(
        await apiRequest(
          'POST',
          '/api/test/create-delivery-order',
          { platform },
          { 'Idempotency-Key': newIdempotencyKey() },
        ),
      ),
    onSettled: () => refreshPlatformActivity(queryClient),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (platform: Platform) =>
      testWebhookResultSchema.parse(await apiRequest('POST', `/api/test-webhook/${platform}`)),
    onSettled: () => refreshPlatformActivity(queryClient),
  });
}
