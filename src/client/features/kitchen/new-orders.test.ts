import { describe, expect, it } from 'vitest';
import { takeNewKitchenOrders } from './new-orders.ts';

const order = (
  id: string,
  kitchenStatus: 'pending' | 'started' | 'ready' | 'done' | 'cleared',
) => ({
  id,
  kitchenStatus,
});

describe('which kitchen orders chime (issue 5)', () => {
  it('chimes for unseen orders still to cook, and remembers every order it saw', () => {
    const seen = new Set(['on-screen']);
    const news = takeNewKitchenOrders(seen, [
      order('on-screen', 'pending'),
      order('new-pending', 'pending'),
      order('new-started', 'started'),
      order('recalled', 'ready'),
      order('done-elsewhere', 'done'),
    ]);
    expect(news).toEqual(['new-pending', 'new-started']);
    expect([...seen].sort()).toEqual(
      ['done-elsewhere', 'new-pending', 'new-started', 'on-screen', 'recalled'].sort(),
    );
  });

  it('chimes once: the next poll with the same orders is quiet', () => {
    const seen = new Set<string>();
    expect(takeNewKitchenOrders(seen, [order('a', 'pending')])).toEqual(['a']);
    expect(takeNewKitchenOrders(seen, [order('a', 'pending')])).toEqual([]);
    // Back from done by Recall: seen before, no chime.
    expect(takeNewKitchenOrders(seen, [order('a', 'ready')])).toEqual([]);
  });
});
