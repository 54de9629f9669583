import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditEntrySchema } from '#shared/admin-dashboard/dashboard.schema.ts';
import { apiGet } from '#client/lib/api-client.ts';
import { AUDIT_LOG_PATH } from './dashboard-queries.ts';

/** GET /api/admin/audit-log: what was deleted or erased, by whom, when and why. */
const auditLogQuery = () =>
  queryOptions({
    queryKey: [AUDIT_LOG_PATH],
    queryFn: async () => z.array(auditEntrySchema).parse(await apiGet(AUDIT_LOG_PATH)),
    staleTime: 0,
  });

export const useAuditLog = () => useQuery(auditLogQuery());
