import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '#client/lib/api-client.ts';
import {
  staffUserSchema,
  type CreateStaff,
  type StaffUser,
  type UpdateStaff,
} from '#shared/auth/auth.schema.ts';

/** GET /api/admin/staff: accounts without any password (DESIGN.md departure 3). */
const staffListQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/staff'],
    queryFn: async () => z.array(staffUserSchema).parse(await apiGet('/api/admin/staff')),
  });

export const useStaffList = () => useQuery(staffListQuery());

function useInvalidateStaffList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey });
}

export function useCreateStaff() {
  const invalidate = useInvalidateStaffList();
  return useMutation({
    mutationFn: async (body: CreateStaff) =>
      staffUserSchema.parse(await apiRequest('POST', '/api/admin/staff', body)),
    onSuccess: invalidate,
  });
}

export function useUpdateStaff() {
  const invalidate = useInvalidateStaffList();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateStaff }) =>
      staffUserSchema.parse(await apiRequest('PUT', `/api/admin/staff/${id}`, changes)),
    onSuccess: invalidate,
  });
}

export function useDeleteStaff() {
  const invalidate = useInvalidateStaffList();
  return useMutation({
    mutationFn: (user: StaffUser) => apiRequest('DELETE', `/api/admin/staff/${user.id}`),
    onSuccess: invalidate,
  });
}
