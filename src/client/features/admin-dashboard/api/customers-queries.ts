/** The All Customers dialog (spec §7): listed only while it is open; erasing keeps the books. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminCustomerSchema,
  type AdminCustomer,
} from '#shared/admin-dashboard/dashboard.schema.ts';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import { invalidateDashboard } from './dashboard-queries.ts';

export const CUSTOMERS_PATH = '/api/admin/customers';

/** GET /api/admin/customers, asked again each time the dialog opens. */
const customersQuery = () =>
  queryOptions({
    queryKey: [CUSTOMERS_PATH],
    queryFn: async () => z.array(adminCustomerSchema).parse(await apiGet(CUSTOMERS_PATH)),
    staleTime: 0,
  });

export const useCustomers = () => useQuery(customersQuery());

/** DELETE /api/admin/customers/:id: name, e-mail and phone are erased; orders stay. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customer: AdminCustomer) =>
      apiRequest('DELETE', `${CUSTOMERS_PATH}/${encodeURIComponent(customer.id)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CUSTOMERS_PATH] }),
        // Orders now show "Customer erased"; the customer count may change; the audit log grows.
        invalidateDashboard(queryClient),
      ]),
  });
}
