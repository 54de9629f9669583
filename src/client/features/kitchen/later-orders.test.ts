import { describe, expect, it } from 'vitest';
import { dueOrders, isLater } from './later-orders.ts';

const now = new Date('2026-11-30T10:00:00Z');

describe('Later on the kitchen display (decision 026)', () => {
  it.each([
    // kitchenStatus, startAt, later
    ['pending', '2026-11-30T10:00:01Z', true],
    ['pending', '2026-11-30T10:00:00Z', false],
    ['pending', '2026-11-30T09:59:59Z', false],
    ['pending', null, false],
    // Started early: the kitchen works on it now.
    ['started', '2026-11-30T11:00:00Z', false],
    ['ready', '2026-11-30T11:00:00Z', false],
  ] as const)('%s, start %s: later %s', (kitchenStatus, startAt, later) => {
    expect(isLater({ kitchenStatus, startAt }, now)).toBe(later);
  });

  it('keeps the due orders in their order', () => {
    const orders = [
      { id: 'a', kitchenStatus: 'pending', startAt: null },
      { id: 'b', kitchenStatus: 'pending', startAt: '2026-11-30T10:30:00Z' },
      { id: 'c', kitchenStatus: 'started', startAt: null },
    ] as const;
    expect(dueOrders(orders, now).map((order) => order.id)).toEqual(['a', 'c']);
    expect(dueOrders(orders, new Date('2026-11-30T10:30:00Z')).map((order) => order.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
