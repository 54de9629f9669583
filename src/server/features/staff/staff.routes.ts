import { z } from 'zod';
import type { AppInstance } from '../../http/types.ts';
import { createStaffSchema, staffUserSchema, updateStaffSchema } from '#shared/auth/auth.schema.ts';
import { createStaff, deleteStaff, listStaff, updateStaff } from './staff.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Staff user not found.' }) });

/** Staff accounts: admin only (DESIGN.md departure 2, enforced in auth/access.ts). */
export async function staffFeature(app: AppInstance) {
  const { db } = app;
  app.get('/api/admin/staff', { schema: { response: { 200: z.array(staffUserSchema) } } }, () =>
    listStaff(db),
  );

  app.post(
    '/api/admin/staff',
    { schema: { body: createStaffSchema, response: { 201: staffUserSchema } } },
    async (request, reply) => reply.code(201).send(await createStaff(db, request.body)),
  );

  app.put(
    '/api/admin/staff/:id',
    { schema: { params: idParams, body: updateStaffSchema, response: { 200: staffUserSchema } } },
    (request) => updateStaff(db, request.params.id, request.body),
  );

  app.delete('/api/admin/staff/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteStaff(db, request.params.id);
    return reply.code(204).send();
  });
}
