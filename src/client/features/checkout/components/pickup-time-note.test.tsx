/**
 * The pickup time on the confirmation page, /track and the Order Complete dialog (decision 026):
 * a chosen slot as "Pickup at 12:30", an as-soon-as-possible order as the time its quote gives,
 * both on the shop's clock (the test runs in whatever zone the machine has; the shop's is Tallinn).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../../tests/setup/fake-fetch.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { orderTimeText, PickupTimeNote, type OrderTimes } from './pickup-time-note.tsx';

const TALLINN = 'Europe/Tallinn';
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
    expect(orderTimeText(scheduled, TALLINN)).toBe('Pickup at 14:30');
    expect(orderTimeText({ ...scheduled, kitchenStatus: 'ready' }, TALLINN)).toBe(
      'Pickup at 14:30',
    );
    expect(orderTimeText({ ...scheduled, status: 'cancelled' }, TALLINN)).toBeNull();
  });

  it('as soon as possible reads the time its quote gives, until the kitchen starts', () => {
    const asap = order({ quotedMinutes: 25 });
    expect(orderTimeText(asap, TALLINN)).toBe('Ready around 12:47');
    expect(orderTimeText({ ...asap, type: 'dine-in' }, TALLINN)).toBe('At your table around 12:47');
    expect(orderTimeText({ ...asap, kitchenStatus: 'started' }, TALLINN)).toBeNull();
    expect(orderTimeText(order({}), TALLINN)).toBeNull();
  });

  it("shows the time once the shop's zone is read", async () => {
    fakeApi({ 'GET /api/shop-status': { isOpen: true, timeZone: TALLINN } });
    renderScreen(<PickupTimeNote order={order({ pickupAt: '2026-11-27T10:30:00.000Z' })} />);
    expect((await screen.findByTestId('order-pickup-time')).textContent).toBe('Pickup at 12:30');
  });
});
