import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { keyPerAttempt } from '#client/lib/idempotency-key.ts';
import type { CreatePaymentRequest } from '#shared/checkout/checkout.schema.ts';

/** Spec customer-site §8: shown when the server answers OK but without a payment page. */
export const MISSING_PAYMENT_URL = 'Payment URL not received from server';

/**
 * POST /api/viva-wallet/create-payment: the server prices the order and answers
 * with the payment page to send the browser to.
 */
export async function createPayment(
  request: CreatePaymentRequest,
  idempotencyKey: string,
): Promise<string> {
  const answer = await apiRequest<{ paymentUrl?: unknown } | undefined>(
    'POST',
    '/api/viva-wallet/create-payment',
    request,
    { 'Idempotency-Key': idempotencyKey },
  );
  const paymentUrl = answer?.paymentUrl;
  if (typeof paymentUrl !== 'string' || paymentUrl === '') throw new Error(MISSING_PAYMENT_URL);
  return paymentUrl;
}

export function useCreatePayment() {
  // One key per attempt for as long as the checkout is open (a return from the payment page
  // loads the page anew, so a retry after a cancel is a new attempt).
  const [keyFor, setKeyFor] = useState(keyPerAttempt);
  return useMutation({
    mutationFn: (request: CreatePaymentRequest) => createPayment(request, keyFor(request)),
    // A 409 (a pickup slot filled up, the shop closed) is kept under its key by the server: the
    // next try, even of the same request once the slot has room again, is a new attempt.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setKeyFor(() => keyPerAttempt());
    },
  });
}
