/** GET /api/webhook-info (spec back-office §7): each platform's webhook URL and our domain. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookInfoSchema } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { apiGet } from '#client/lib/api-client.ts';

const WEBHOOK_INFO_PATH = '/api/webhook-info';

const webhookInfoQuery = () =>
  queryOptions({
    queryKey: [WEBHOOK_INFO_PATH],
    queryFn: async () => webhookInfoSchema.parse(await apiGet(WEBHOOK_INFO_PATH)),
  });

export const useWebhookInfo = () => useQuery(webhookInfoQuery());
