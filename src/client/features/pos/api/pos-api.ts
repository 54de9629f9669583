/**
 * The counter's calls: the discounts that apply now, a cash sale (POST /api/orders for staff,
 * POST /api/admin/orders for the admin) and a card payment (POST /api/viva-wallet/create-payment
 * with orderSource 'pos'). Every sale carries an Idempotency-Key (decision 007).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiGet, apiRequest } from '#client/lib/api-client.ts';
import {
  createPaymentResponseSchema,
  type CreatePaymentRequest,
} from '#shared/checkout/checkout.schema.ts';
import { discountSchema } from '#shared/menu/menu-admin.schema.ts';
import { posOrderResponseSchema, type PosOrderRequest } from '#shared/pos/pos.schema.ts';
import type { PosOrderEndpoint, SendResult } from '../outbox.ts';

const activeDiscountsQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/discounts/active'],
    queryFn: async () => z.array(discountSchema).parse(await apiGet('/api/admin/discounts/active')),
    // A happy hour starts and ends while the counter is open.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const useActiveDiscounts = () => useQuery(activeDiscountsQuery());

/** A sale that gets no answer within this long is kept and tried again with the same key. */
const CASH_SALE_TIMEOUT_MS = 15_000;

export const FAILED_TO_CREATE_ORDER = 'Failed to create order';

/**
 * POST a cash sale. Never throws for the network: no answer is `network` (keep it and try
 * again with the same key), an HTTP refusal is `http` with the server's message.
 */
export async function postCashSale(
  endpoint: PosOrderEndpoint,
  body: PosOrderRequest,
  idempotencyKey: string,
): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CASH_SALE_TIMEOUT_MS);
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    return { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const error = new ApiError(response.status, text || response.statusText);
    return {
      kind: 'http',
      status: response.status,
      message: error.serverMessage ?? FAILED_TO_CREATE_ORDER,
    };
  }
  return { kind: 'sent', response: posOrderResponseSchema.parse(JSON.parse(text)) };
}

/** POST /api/viva-wallet/create-payment for the counter; the answer names the card page. */
export async function createCardPayment(request: CreatePaymentRequest, idempotencyKey: string) {
  return createPaymentResponseSchema.parse(
    await apiRequest('POST', '/api/viva-wallet/create-payment', request, {
      'Idempotency-Key': idempotencyKey,
    }),
  );
}
