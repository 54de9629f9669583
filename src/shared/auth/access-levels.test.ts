import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../orders/order-states.ts';
import { ACCESS_LEVELS, roleMayAccess, type AccessLevel } from './auth.schema.ts';

describe('who may use each access level, pinned', () => {
  // Role by level (spec back-office §6, DESIGN.md departures 1-3), written out by hand, not
  // read from ACCESS_LEVELS: a change there must fail here until this table changes on purpose.
  // The route -> level table is pinned in src/server/features/auth/access.test.ts.
  const MATRIX = {
    // [public, signedIn, pos, kitchen, admin]
    staff: [true, true, true, false, false],
    cashier: [true, true, true, false, false],
    server: [true, true, true, false, false],
    kitchen: [true, true, false, true, false],
    manager: [true, true, true, false, false],
    admin: [true, true, true, true, true],
  } as const;
  const LEVELS = ['public', 'signedIn', 'pos', 'kitchen', 'admin'] as const;

  it('knows exactly these roles and levels', () => {
    expect([...STAFF_ROLES]).toEqual(['staff', 'cashier', 'server', 'kitchen', 'manager', 'admin']);
    expect(Object.keys(ACCESS_LEVELS).sort()).toEqual([...LEVELS].sort());
  });

  for (const [role, row] of Object.entries(MATRIX)) {
    it(`${role}: ${LEVELS.filter((_, index) => row[index]).join(', ')}`, () => {
      const admitted = LEVELS.map((level: AccessLevel) =>
        roleMayAccess(role as keyof typeof MATRIX, level),
      );
      expect(admitted).toEqual([...row]);
    });
  }
});
