import { describe, expect, it } from 'vitest';
import { lastActiveAdminId } from './last-admin.ts';

const user = (id: string, role: string, isActive: boolean) => ({ id, role, isActive });

describe('lastActiveAdminId', () => {
  it.each([
    ['one active admin', [user('a', 'admin', true), user('s', 'staff', true)], 'a'],
    [
      'an inactive admin does not count',
      [user('a', 'admin', true), user('b', 'admin', false)],
      'a',
    ],
    ['two active admins', [user('a', 'admin', true), user('b', 'admin', true)], null],
    ['no active admin', [user('b', 'admin', false), user('m', 'manager', true)], null],
    ['nobody', [], null],
  ])('%s', (_, users, expected) => {
    expect(lastActiveAdminId(users)).toBe(expected);
  });
});
