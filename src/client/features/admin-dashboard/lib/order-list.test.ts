import { describe, expect, it } from 'vitest';
import { withOrder, type ListedOrder } from './order-list.ts';

const order = (id: string, createdAt: string, orderNumber: number, note = '') => ({
  id,
  createdAt,
  orderNumber,
  note,
});

// Newest first, as the server lists a day: 1004 at 12:00, 1003 and 1002 both at 11:00, 1001.
const day = [
  order('d', '2026-11-28T12:00:00.000Z', 1004),
  order('c', '2026-11-28T11:00:00.000Z', 1003),
  order('b', '2026-11-28T11:00:00.000Z', 1002),
  order('a', '2026-11-28T09:30:00.000Z', 1001),
];
const ids = (list: readonly ListedOrder[]) => list.map((entry) => entry.id);

describe('withOrder', () => {
  it.each<[string, ReturnType<typeof order> | undefined, string[]]>([
    [
      'a new order, the newest',
      order('e', '2026-11-28T12:05:00.000Z', 1005),
      ['e', 'd', 'c', 'b', 'a'],
    ],
    [
      'a new order between two',
      order('x', '2026-11-28T10:00:00.000Z', 1006),
      ['d', 'c', 'b', 'x', 'a'],
    ],
    [
      'a new order, the oldest',
      order('y', '2026-11-28T08:00:00.000Z', 1007),
      ['d', 'c', 'b', 'a', 'y'],
    ],
    [
      'a tie on time, by order number',
      order('z', '2026-11-28T11:00:00.000Z', 1010),
      ['d', 'z', 'c', 'b', 'a'],
    ],
    [
      'a changed order keeps its place',
      order('c', '2026-11-28T11:00:00.000Z', 1003, 'paid'),
      ['d', 'c', 'b', 'a'],
    ],
    ['an order no longer listed leaves', undefined, ['d', 'b', 'a']],
  ])('%s', (_name, listed, expected) => {
    const changed = listed ?? { id: 'c' };
    const next = withOrder(day, changed.id, listed);
    expect(ids(next)).toEqual(expected);
  });

  it('takes the changed order as listed, and keeps the others as they were', () => {
    const next = withOrder(day, 'b', order('b', '2026-11-28T11:00:00.000Z', 1002, 'ready'));
    expect(next[2]).toEqual(order('b', '2026-11-28T11:00:00.000Z', 1002, 'ready'));
    expect(next.filter((entry) => entry.id !== 'b')).toEqual(
      day.filter((entry) => entry.id !== 'b'),
    );
    expect(day[2]!.note).toBe('');
  });

  it('leaves the list as it was for an order it does not hold and the server does not list', () => {
    expect(withOrder(day, 'unknown', undefined)).toEqual(day);
  });
});
