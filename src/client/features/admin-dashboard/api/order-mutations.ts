/** Delete an order (with a reason, departure 10), mark one paid (spec §7), refund (decision 021). */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundSchema, type RefundRequest } from '#shared/refunds/refunds.schema.ts';
import { keyPerAttempt } from '#client/lib/idempotency-key.ts';
import { z } from 'zod';
import { adminOrderSchema, type AdminOrder } from '#shared/admin-dashboard/dashboard.schema.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { CUSTOMERS_PATH } from './customers-queries.ts';
import { invalidateDashboard } from './dashboard-queries.ts';

const deletedOrderSchema = z.object({ id: z.string(), orderNumber: z.number().int() });

/** DELETE /api/admin/orders/:id with {reason}. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ order, reason }: { order: AdminOrder; reason: string }) =>
      deletedOrderSchema.parse(
        await apiRequest('DELETE', `/api/admin/orders/${encodeURIComponent(order.id)}`, {
          reason,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        invalidateDashboard(queryClient),
        // A customer's order count and total change.
        queryClient.invalidateQueries({ queryKey: [CUSTOMERS_PATH] }),
      ]),
  });
}

/** PATCH /api/orders/:id/payment {paymentStatus: 'paid'}. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: AdminOrder) =>
      adminOrderSchema.parse(
        await apiRequest('PATCH', `/api/orders/${encodeURIComponent(order.id)}/payment`, {
          paymentStatus: 'paid',
        }),
      ),
    onSuccess: () =>
      Promise.all([
        invalidateDashboard(queryClient),
        queryClient.invalidateQueries({ queryKey: [CUSTOMERS_PATH] }),
      ]),
  });
}

/**
 * POST /api/admin/orders/:id/refunds (decision 021), one Idempotency-Key per attempt: a double
 * tap or a retry after a dropped connection is one refund.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  const [keyFor] = useState(keyPerAttempt);
  return useMutation({
    mutationFn: async ({ order, request }: { order: AdminOrder; request: RefundRequest }) =>
      refundSchema.parse(
        await apiRequest(
          'POST',
          `/api/admin/orders/${encodeURIComponent(order.id)}/refunds`,
          request,
          { 'Idempotency-Key': keyFor({ orderId: order.id, request }) },
        ),
      ),
    onSuccess: () => invalidateDashboard(queryClient),
  });
}
