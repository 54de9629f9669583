/**
 * The pickup time on the confirmation page, /track and the Order Complete dialog (decision 026):
 * a chosen slot as "Pickup at 12:30", an as-soon-as-possible order as the time its quote gives,
 * both on the shop's clock (the test runs in whatever zone the machine has; the shop's is Tallinn).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { orderTimeText, PickupTimeNote, type OrderTimes } from './pickup-time-note.tsx';

const TALLINN = 'Europe/Tallinn';
/** 12:00 in Tallinn on Friday 27 November. */
const NOW = new Date('2026-11-27T10:00:00.000Z');
const order = (overrides: Partial<OrderTimes>): OrderTimes => ({
  type: 'pickup',
  status: 'pending',
  kitchenStatus: null,
  // 12:22 in Tallinn (UTC+2 in November).
  createdAt: '2026-11-27T10:22:00.000Z',
  pickupAt: null,
  quotedMinutes: null,
  ...overrides,
});

describe('order pickup time', () => {
  it('a chosen slot reads "Pickup at" its start on the shop clock, whatever the kitchen did', () => {
    const scheduled = order({ pickupAt: '2026-11-27T12:30:00.000Z' });
    expect(orderTimeText(scheduled, TALLINN, NOW)).toBe('Pickup at 14:30');
    expect(orderTimeText({ ...scheduled, kitchenStatus: 'ready' }, TALLINN, NOW)).toBe(
      'Pickup at 14:30',
    );
    expect(orderTimeText({ ...scheduled, status: 'cancelled' }, TALLINN, NOW)).toBeNull();
  });

  it("a pre-order for another shop day names the day, by the shop's calendar", () => {
    expect(orderTimeText(order({ pickupAt: '2026-11-29T07:15:00.000Z' }), TALLINN, NOW)).toBe(
      'Pickup on Sun 29 Nov at 09:15',
    );
    // 23:30 on Friday in Tallinn; 00:30 is Saturday there (still Friday in UTC).
    const lateFriday = new Date('2026-11-27T21:30:00.000Z');
    expect(
      orderTimeText(order({ pickupAt: '2026-11-27T22:30:00.000Z' }), TALLINN, lateFriday),
    ).toBe('Pickup on Sat 28 Nov at 00:30');
    expect(
      orderTimeText(order({ pickupAt: '2026-11-27T21:45:00.000Z' }), TALLINN, lateFriday),
    ).toBe('Pickup at 23:45');
  });

  it('as soon as possible reads the time its quote gives, until the kitchen starts', () => {
    const asap = order({ quotedMinutes: 25 });
    expect(orderTimeText(asap, TALLINN)).toBe('Ready around 12:47');
    expect(orderTimeText({ ...asap, type: 'dine-in' }, TALLINN)).toBe('At your table around 12:47');
    expect(orderTimeText({ ...asap, kitchenStatus: 'started' }, TALLINN)).toBeNull();
    expect(orderTimeText(order({}), TALLINN)).toBeNull();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the time once the shop's zone is read", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    fakeApi({ 'GET /api/shop-status': { isOpen: true, timeZone: TALLINN } });
    renderScreen(<PickupTimeNote order={order({ pickupAt: '2026-11-27T10:30:00.000Z' })} />);
    expect((await screen.findByTestId('order-pickup-time')).textContent).toBe('Pickup at 12:30');
  });
});
