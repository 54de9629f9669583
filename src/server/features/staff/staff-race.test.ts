import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { itRaces } from '../../../../tests/setup/concurrency.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';
import { staffUsers } from '#server/db/schema.ts';

const t = useTestApp({ seed: 'base' });

describe('races', () => {
  itRaces(
    'answers 409, not 500, when the same username is created twice at once (a double click)',
    async () => {
      const owner = await createStaffUser(t.db, { role: 'admin' });
      const cookie = await signIn(t.db, owner);
      const create = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/staff',
          headers: { cookie },
          payload: {
            username: 'double.click',
            password: 'double-click-pass',
            name: 'Double Click',
          },
          remoteAddress: nextClient(),
        });
      const statuses = (await Promise.all([create(), create()])).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
    },
  );

  itRaces(
    'keeps an active admin when one admin deactivates the other while that one deletes the first',
    async () => {
      const a = await createStaffUser(t.db, { role: 'admin' });
      const b = await createStaffUser(t.db, { role: 'admin' });
      await t.db
        .update(staffUsers)
        .set({ isActive: false })
        .where(and(eq(staffUsers.role, 'admin')));
      await t.db.update(staffUsers).set({ isActive: true }).where(eq(staffUsers.id, a.id));
      await t.db.update(staffUsers).set({ isActive: true }).where(eq(staffUsers.id, b.id));
      const [ca, cb] = [await signIn(t.db, a), await signIn(t.db, b)];
      const off = (id: string, cookie: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/staff/${id}`,
          headers: { cookie },
          payload: { isActive: false },
          remoteAddress: nextClient(),
        });
      const del = (id: string, cookie: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/staff/${id}`,
          headers: { cookie },
          remoteAddress: nextClient(),
        });
      const results = await Promise.all([off(b.id, ca), del(a.id, cb)]);
      const active = await t.db
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.isActive, true)));
      expect(results.map((r) => r.statusCode)).toContain(409);
      expect(active).toHaveLength(1);
    },
  );
});
