import { describe, expect, it } from 'vitest';
import type { DashboardFilter } from '#shared/admin-dashboard/dashboard.schema.ts';
import type { OrderStatus } from '#shared/orders/order-states.ts';
import { matchesFilter, parseFilter } from './order-filter.ts';

describe('matchesFilter', () => {
  // status -> [all, active, done]
  const table: [OrderStatus, boolean, boolean, boolean][] = [
    ['pending', true, true, false],
    ['preparing', true, true, false],
    ['ready', true, true, false],
    ['completed', true, false, true],
    ['cancelled', true, false, false],
  ];
  it.each(table)('%s: all %s, active %s, done %s', (status, all, active, done) => {
    expect(matchesFilter({ status }, 'all')).toBe(all);
    expect(matchesFilter({ status }, 'active')).toBe(active);
    expect(matchesFilter({ status }, 'done')).toBe(done);
  });

  it('shows the deleted list as it came', () => {
    expect(matchesFilter({ status: 'cancelled' }, 'deleted')).toBe(true);
  });
});

describe('parseFilter', () => {
  it.each<[string | null, DashboardFilter]>([
    [null, 'all'],
    ['all', 'all'],
    ['active', 'active'],
    ['done', 'done'],
    ['deleted', 'deleted'],
    ['Active', 'all'],
    ['toString', 'all'],
  ])('?filter=%s is %s', (value, expected) => {
    expect(parseFilter(value)).toBe(expected);
  });
});
