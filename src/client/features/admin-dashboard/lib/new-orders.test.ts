import { describe, expect, it } from 'vitest';
import { ordersToAnnounce, type AlertCandidate } from './new-orders.ts';

const order = (
  id: string,
  paymentStatus: AlertCandidate['paymentStatus'],
  kitchenStatus: AlertCandidate['kitchenStatus'],
): AlertCandidate => ({ id, paymentStatus, kitchenStatus });

describe('ordersToAnnounce', () => {
  it.each<[string, AlertCandidate[], string[], string[]]>([
    ['a new paid order the kitchen has not seen', [order('a', 'paid', 'pending')], [], ['a']],
    ['a new paid order without kitchen status', [order('a', 'paid', null)], [], ['a']],
    ['one already known', [order('a', 'paid', 'pending')], ['a'], []],
    ['an unpaid one', [order('a', 'pending', null)], [], []],
    ['a failed payment', [order('a', 'failed', null)], [], []],
    ['one the kitchen started', [order('a', 'paid', 'started')], [], []],
    ['one already done', [order('a', 'paid', 'done')], [], []],
    [
      'only the new ones of several',
      [order('a', 'paid', 'pending'), order('b', 'paid', 'pending'), order('c', 'pending', null)],
      ['a'],
      ['b'],
    ],
  ])('%s', (_, orders, known, expected) => {
    expect(ordersToAnnounce(orders, new Set(known))).toEqual(expected);
  });
});
