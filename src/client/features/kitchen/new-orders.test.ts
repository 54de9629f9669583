import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import {
  isAwaitingAccept,
  shouldRepeatAcceptAlert,
  takeNewKitchenOrders,
  takeNewlyCancelled,
} from './new-orders.ts';

type KitchenStatus = KitchenOrder['kitchenStatus'];

const order = (
  id: string,
  kitchenStatus: KitchenStatus,
  status: KitchenOrder['status'] = 'pending',
) => ({ id, kitchenStatus, status });

const platform = (acceptBy: string | null, error: string | null = null) => ({
  externalNumber: 'W-4821',
  acceptBy,
  pickupAt: null,
  error,
});

/** A Wolt order; acceptBy null: nothing to accept (the platform's auto-accept). */
const wolt = (
  id: string,
  kitchenStatus: KitchenStatus,
  status: KitchenOrder['status'] = 'pending',
  acceptBy: string | null = '2026-05-05T12:03:00Z',
) => ({ id, kitchenStatus, status, platform: platform(acceptBy) });

describe('which kitchen orders chime', () => {
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

  it('does not count an order the platform cancelled as new (it has its own alert)', () => {
    const seen = new Set<string>();
    expect(takeNewKitchenOrders(seen, [order('gone', 'pending', 'cancelled')])).toEqual([]);
    expect(seen.has('gone')).toBe(true);
  });
});

describe('the repeating chime of platform orders waiting for our accept (decision 017)', () => {
  it('repeats while a platform order is pending with an accept deadline', () => {
    expect(shouldRepeatAcceptAlert([wolt('w', 'pending')])).toBe(true);
    expect(shouldRepeatAcceptAlert([order('web', 'pending'), wolt('w', 'pending')])).toBe(true);
    // Past the deadline the card still waits for Accept or Reject: it keeps sounding.
    expect(isAwaitingAccept(wolt('w', 'pending', 'pending', '2020-01-01T00:00:00Z'))).toBe(true);
  });

  it('stops once the order is accepted (started), rejected (gone) or cancelled', () => {
    expect(shouldRepeatAcceptAlert([wolt('w', 'started')])).toBe(false);
    expect(shouldRepeatAcceptAlert([])).toBe(false);
    expect(shouldRepeatAcceptAlert([wolt('w', 'pending', 'cancelled')])).toBe(false);
  });

  it('stays quiet for our own orders and for platform orders with nothing to accept', () => {
    expect(shouldRepeatAcceptAlert(undefined)).toBe(false);
    expect(shouldRepeatAcceptAlert([order('web', 'pending')])).toBe(false);
    expect(shouldRepeatAcceptAlert([{ ...order('pos', 'pending'), platform: null }])).toBe(false);
    // The platform's auto-accept: no deadline, an ordinary new order.
    expect(shouldRepeatAcceptAlert([wolt('auto', 'pending', 'pending', null)])).toBe(false);
  });
});

describe('the one chime of an order the platform cancelled (decision 017)', () => {
  it('chimes once per cancelled order, for an order cancelled while on screen or arriving so', () => {
    const seen = new Set<string>();
    expect(takeNewlyCancelled(seen, [wolt('a', 'started')])).toEqual([]);
    expect(takeNewlyCancelled(seen, [wolt('a', 'started', 'cancelled')])).toEqual(['a']);
    expect(takeNewlyCancelled(seen, [wolt('a', 'started', 'cancelled')])).toEqual([]);
    expect(
      takeNewlyCancelled(seen, [
        wolt('a', 'started', 'cancelled'),
        wolt('b', 'pending', 'cancelled'),
      ]),
    ).toEqual(['b']);
  });

  it('takes what is on screen at the first load as seen, without a chime', () => {
    const seen = new Set<string>();
    expect(takeNewlyCancelled(seen, [wolt('a', 'pending', 'cancelled')], false)).toEqual([]);
    expect(takeNewlyCancelled(seen, [wolt('a', 'pending', 'cancelled')])).toEqual([]);
  });
});
