import { expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffUser, nextClient, signIn } from '../../../../tests/factories/staff.ts';

const t = useTestApp({ seed: 'base' });

it("says 'All fields are required' when username, password or name is missing (spec back-office §5)", async () => {
  const cookie = await signIn(t.db, await createStaffUser(t.db, { role: 'admin' }));
  const valid = { username: 'complete.user', password: 'long-enough-pass', name: 'Complete User' };
  for (const field of ['username', 'password', 'name'] as const) {
    const { [field]: _left, ...rest } = valid;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie },
      payload: rest,
      remoteAddress: nextClient(),
    });
    expect(response.statusCode, field).toBe(400);
    expect(response.json().fields, field).toEqual({ [field]: 'All fields are required' });
  }
});
