/**
 * The cart (spec customer-site §2 "Cart dialog") with pickup times (decision 026): open, it
 * quotes the kitchen's queue for the cart's prep units; closed with pre-orders, it sends the
 * customer to pre-order for the next opening (not at a table); closed without, no checkout.
 */
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../../tests/setup/fake-fetch.ts';
import { SilentSocket } from '../../../../../tests/setup/silent-socket.ts';
import { renderScreen } from '../../../../../tests/setup/render.tsx';
import { useCart } from '../../cart/cart-store.ts';
import { CartDialog } from './cart-dialog.tsx';

const ONLINE = {
  paused: false,
  resumesAt: null,
  busy: false,
  busyExtraMinutes: 0,
  preparationMinutes: { from: 15, to: 20 },
};
const OPEN = {
  isOpen: true,
  todayHours: {},
  currentTime: '12:00',
  today: 'friday',
  timeZone: 'Europe/Tallinn',
  onlineOrdering: ONLINE,
};
const item = (id: string, prepUnits: number) => ({
  id,
  name: id,
  description: '',
  basePrice: 10,
  image: null,
  category: null,
  popular: false,
  customizable: false,
  allergens: [],
  tags: [],
  soldOut: null,
  prepUnits,
});
const line = (menuItemId: string, quantity: number) => ({
  id: `${menuItemId}-1`,
  menuItemId,
  name: menuItemId,
  price: 10,
  quantity,
  customizations: { sauce: null, addOns: [] },
});

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentSocket);
  // Two platters of 3 units and a drink of none: 6 prep units.
  useCart.setState({ lines: [line('platter', 2), line('cola', 1)], isOpen: true });
});
afterEach(() => {
  useCart.setState({ lines: [], isOpen: false });
});

function renderCart(status: Record<string, unknown>, table = false) {
  const requests = fakeApi({
    'GET /api/shop-status': status,
    'GET /api/menu/items': [item('platter', 3), item('cola', 0)],
    'GET /api/pickup-slots': { asapMinutes: 25, slots: [] },
  });
  renderScreen(
    <MemoryRouter>
      <CartDialog table={table} />
    </MemoryRouter>,
  );
  return requests;
}

describe('cart pickup times', () => {
  it("open: 'Ready in about N minutes' from the queue's quote for the cart's prep units", async () => {
    const requests = renderCart(OPEN);
    expect(await screen.findByText('Ready in about 25 minutes')).toBeTruthy();
    expect(
      requests.filter((request) => request.path === '/api/pickup-slots').map((r) => r.search),
    ).toContain('?units=6');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("at a table: 'At your table in about N minutes'", async () => {
    renderCart(OPEN, true);
    expect(await screen.findByText('At your table in about 25 minutes')).toBeTruthy();
  });

  it('closed, taking pre-orders: says so and checks out for the next opening; no quote', async () => {
    renderCart({ ...OPEN, isOpen: false, preOrderDate: '2026-11-29' });
    expect(
      await screen.findByText("We're closed now. Pre-order for pickup on Sunday 29 November."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pre-order for Sun 29 Nov' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByText(/in about/)).toBeNull();
  });

  it('closed at a table, or closed without pre-orders: no checkout', async () => {
    renderCart({ ...OPEN, isOpen: false, preOrderDate: '2026-11-29' }, true);
    expect(
      await screen.findByRole('button', { name: 'Shop Closed - Cannot Order' }),
    ).toHaveProperty('disabled', true);
    expect(screen.getByText('Sorry, the shop is closed.')).toBeTruthy();
  });
});
