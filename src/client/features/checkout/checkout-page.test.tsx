/**
 * Pickup times at the checkout (decision 026): the quote under Place Order comes from the
 * kitchen's queue for the cart's prep units, a website pickup can choose a later slot of today
 * (on the shop's clock), a full slot cannot be chosen, the chosen slot is sent with the payment,
 * and a slot refused by the server (409) shows its message and the next free slots.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, Status, type FakeRequest } from '../../../../tests/setup/fake-fetch.ts';
import { SilentSocket } from '../../../../tests/setup/silent-socket.ts';
import { renderScreen } from '../../../../tests/setup/render.tsx';
import { useCart } from '../cart/cart-store.ts';
import { CheckoutPage } from './checkout-page.tsx';
import type { PickupSlot } from '#shared/pickup/pickup-slots.ts';

/** The shop is in Tallinn (UTC+2 in November): 10:30Z is 12:30 on its clock. */
const TIME_ZONE = 'Europe/Tallinn';
const slot = (start: string, available = true, remainingUnits = 8): PickupSlot => ({
  start,
  end: new Date(new Date(start).getTime() + 15 * 60_000).toISOString(),
  remainingUnits,
  available,
});
const SLOT_1230 = slot('2026-11-27T10:30:00.000Z');
const SLOT_1245_FULL = slot('2026-11-27T10:45:00.000Z', false, 1);
const SLOT_1300 = slot('2026-11-27T11:00:00.000Z');
const SLOT_1315 = slot('2026-11-27T11:15:00.000Z');
/** 09:00 tomorrow: the server offers it after a refusal, but takes today's slots only. */
const TOMORROW_0900 = slot('2026-11-28T07:00:00.000Z');

const SHOP_STATUS = {
  isOpen: true,
  todayHours: { shift1: { open: '00:00', close: '23:59' } },
  currentTime: '12:00',
  today: 'friday',
  timeZone: TIME_ZONE,
  onlineOrdering: {
    paused: false,
    resumesAt: null,
    busy: false,
    busyExtraMinutes: 0,
    preparationMinutes: { from: 15, to: 20 },
  },
};

const menuItem = (id: string, prepUnits: number) => ({
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

/** A platter of 3 units twice and a drink of none: 6 prep units. */
const CART = [
  {
    id: 'platter-1',
    menuItemId: 'platter',
    name: 'Smoke Platter',
    price: 24,
    quantity: 2,
    customizations: { sauce: null, addOns: [] },
  },
  {
    id: 'cola-1',
    menuItemId: 'cola',
    name: 'Cola',
    price: 3,
    quantity: 1,
    customizations: { sauce: null, addOns: [] },
  },
];

beforeEach(() => {
  // Friday 27 November, 12:00 in Tallinn: the slots above are today's.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
  vi.stubGlobal('WebSocket', SilentSocket);
  // jsdom lays nothing out: the refusal scrolls into view in a browser only.
  Element.prototype.scrollIntoView = vi.fn();
  useCart.setState({ lines: CART });
});
afterEach(() => {
  vi.useRealTimers();
  useCart.setState({ lines: [] });
  localStorage.clear();
});

interface Setup {
  slots?: PickupSlot[] | Status;
  createPayment?: unknown;
  shopStatus?: Record<string, unknown>;
}

function renderCheckout({
  slots = [SLOT_1230, SLOT_1245_FULL, SLOT_1300],
  createPayment,
  shopStatus = SHOP_STATUS,
}: Setup) {
  const requests = fakeApi({
    'GET /api/shop-status': shopStatus,
    'GET /api/shop-info': { name: 'Smoke & Bun', address: 'Telliskivi 60a', emailReceipts: false },
    'GET /api/menu/items': [menuItem('platter', 3), menuItem('cola', 0)],
    'GET /api/pickup-slots': slots instanceof Status ? slots : { asapMinutes: 35, slots },
    // No payment page in the answer: the page stays put (jsdom cannot navigate away).
    'POST /api/viva-wallet/create-payment': createPayment ?? {},
  });
  const view = renderScreen(
    <MemoryRouter initialEntries={['/checkout']}>
      <CheckoutPage />
    </MemoryRouter>,
  );
  return { ...view, requests };
}

async function fillDetails(user: ReturnType<typeof renderCheckout>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Mari');
  await user.type(screen.getByLabelText('Last name'), 'Maasikas');
  await user.type(screen.getByLabelText('Email'), 'mari@example.com');
  await user.type(screen.getByLabelText('Phone'), '+372 5555 0100');
}

const placeOrder = () => screen.getByRole('button', { name: /^Place Order/ });
const payments = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/api/viva-wallet/create-payment');
const slotReads = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/api/pickup-slots');

describe('checkout pickup time', () => {
  it("quotes the kitchen queue's minutes for the cart's prep units, not a fixed 15-20", async () => {
    const { requests } = renderCheckout({});
    expect(await screen.findByText('Ready in about 35 minutes')).toBeTruthy();
    expect(screen.queryByText(/15-20 minutes/)).toBeNull();
    expect(
      screen.getByRole('radio', { name: 'As soon as possible (about 35 minutes)' }),
    ).toHaveProperty('checked', true);
    // 2 platters of 3 units and a drink of 0.
    expect(slotReads(requests).map((request) => request.search)).toContain('?units=6');
  });

  it('keeps the usual preparation time when the quote cannot be read', async () => {
    renderCheckout({ slots: new Status(500, { error: 'Internal error' }) });
    expect(await screen.findByText('Ready for pickup in about 15-20 minutes')).toBeTruthy();
  });

  it('quotes a table order at the table, without a pickup time to choose', async () => {
    sessionStorage.setItem('presetTableNumber', '4');
    renderCheckout({});
    expect(await screen.findByText('At your table in about 35 minutes')).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Pickup time/ })).toBeNull();
  });

  it("lists today's slots on the shop's clock, a full one disabled, and sends the chosen one as pickupAt", async () => {
    const { user, requests } = renderCheckout({});
    const group = await screen.findByRole('group', { name: /Pickup time/ });
    await user.click(within(group).getByRole('radio', { name: /Later today/ }));

    const times = await screen.findByRole('group', { name: "Today's pickup times" });
    const full = within(times).getByRole('radio', { name: /12:45/ });
    expect(full).toHaveProperty('disabled', true);
    expect(within(times).getByText('Full')).toBeTruthy();
    expect(within(times).getByRole('radio', { name: '12:30' })).toHaveProperty('disabled', false);

    await user.click(within(times).getByRole('radio', { name: '13:00' }));
    expect(screen.getByText('Pickup at 13:00')).toBeTruthy();
    await fillDetails(user);
    await user.click(placeOrder());

    await waitFor(() => expect(payments(requests)).toHaveLength(1));
    const body = payments(requests)[0]!.body as { orderData: Record<string, unknown> };
    expect(body.orderData).toMatchObject({
      type: 'pickup',
      orderSource: 'website',
      pickupAt: SLOT_1300.start,
    });
  });

  it('sends no pickupAt for as soon as possible', async () => {
    const { user, requests } = renderCheckout({});
    await screen.findByText('Ready in about 35 minutes');
    await fillDetails(user);
    await user.click(placeOrder());
    await waitFor(() => expect(payments(requests)).toHaveLength(1));
    const body = payments(requests)[0]!.body as { orderData: Record<string, unknown> };
    expect(body.orderData).not.toHaveProperty('pickupAt');
  });

  it('asks for a time when Later today has none picked, and sends nothing', async () => {
    const { user, requests } = renderCheckout({});
    await user.click(await screen.findByRole('radio', { name: /Later today/ }));
    await fillDetails(user);
    await user.click(placeOrder());
    expect(await screen.findByText('Choose a pickup time, or As soon as possible.')).toBeTruthy();
    expect(payments(requests)).toHaveLength(0);
  });

  it('says when no later time is left today', async () => {
    const { user } = renderCheckout({ slots: [] });
    await user.click(await screen.findByRole('radio', { name: /Later today/ }));
    expect(await screen.findByText('No later pickup times left today.')).toBeTruthy();
  });

  it("on a refused slot (409) shows the server's message and today's next free slots, none picked, and reads the slots again", async () => {
    const message = 'Sorry, that pickup time has just filled up. Please choose another time.';
    const { user, requests } = renderCheckout({
      createPayment: new Status(409, { error: message, nextSlots: [SLOT_1315, TOMORROW_0900] }),
    });
    await user.click(await screen.findByRole('radio', { name: /Later today/ }));
    await user.click(await screen.findByRole('radio', { name: '12:30' }));
    await fillDetails(user);
    const readsBefore = slotReads(requests).length;
    await user.click(placeOrder());

    const alert = await screen.findByText(message, { selector: '[role="alert"] span' });
    expect(alert).toBeTruthy();
    const offered = screen.getByRole('group', { name: 'Next free times' });
    const radios = within(offered).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([SLOT_1315.start]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    await waitFor(() => expect(slotReads(requests).length).toBeGreaterThan(readsBefore));
    // Nothing is picked for the customer: Place Order asks again.
    expect(screen.queryByText(/^Pickup at/)).toBeNull();

    await user.click(within(offered).getByRole('radio', { name: '13:15' }));
    await user.click(placeOrder());
    await waitFor(() => expect(payments(requests)).toHaveLength(2));
    const body = payments(requests)[1]!.body as { orderData: Record<string, unknown> };
    expect(body.orderData['pickupAt']).toBe(SLOT_1315.start);
  });

  it('tries a refused slot again as a new attempt (a new Idempotency-Key), not the kept 409', async () => {
    const message = 'Sorry, that pickup time has just filled up. Please choose another time.';
    const { user, requests } = renderCheckout({
      createPayment: new Status(409, { error: message, nextSlots: [] }),
    });
    await user.click(await screen.findByRole('radio', { name: /Later today/ }));
    await user.click(await screen.findByRole('radio', { name: '12:30' }));
    await fillDetails(user);
    await user.click(placeOrder());
    expect(await screen.findByText('No later pickup times left today.')).toBeTruthy();

    // The list read again still has 12:30 free (a hold ran out): the same request once more.
    await user.click(screen.getByRole('button', { name: 'Show all times today' }));
    await user.click(await screen.findByRole('radio', { name: '12:30' }));
    await user.click(placeOrder());
    await waitFor(() => expect(payments(requests)).toHaveLength(2));
    const [first, second] = payments(requests);
    expect(second!.body).toEqual(first!.body);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });
});

describe('pre-orders while the shop is closed (decision 026)', () => {
  /** Friday 23:00 in Tallinn, closed; the next opening is Sunday. */
  const CLOSED = {
    ...SHOP_STATUS,
    isOpen: false,
    currentTime: '23:00',
    preOrderDate: '2026-11-29',
  };
  const SUNDAY_0900 = slot('2026-11-29T07:00:00.000Z');
  const SUNDAY_0915 = slot('2026-11-29T07:15:00.000Z');

  it("offers only the next opening's slots, read for that day, and sends the chosen one", async () => {
    const { user, requests } = renderCheckout({
      shopStatus: CLOSED,
      slots: [SUNDAY_0900, SUNDAY_0915],
    });
    expect(
      await screen.findByText(
        "We're closed now. Pre-order for pickup on Sunday 29 November: choose a time.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /As soon as possible/ })).toBeNull();
    const times = await screen.findByRole('group', { name: 'Pickup times on Sun 29 Nov' });
    await waitFor(() =>
      expect(slotReads(requests).map((request) => request.search)).toContain(
        '?units=6&date=2026-11-29',
      ),
    );
    await fillDetails(user);
    const place = screen.getByRole('button', { name: /^Place Pre-order/ });
    // No time picked yet: asks for one, sends nothing.
    await user.click(place);
    expect(await screen.findByText('Choose a pickup time.')).toBeTruthy();
    expect(payments(requests)).toHaveLength(0);

    await user.click(within(times).getByRole('radio', { name: '09:15' }));
    expect(screen.getByText('Pickup on Sun 29 Nov at 09:15')).toBeTruthy();
    await user.click(place);
    await waitFor(() => expect(payments(requests)).toHaveLength(1));
    const body = payments(requests)[0]!.body as { orderData: Record<string, unknown> };
    expect(body.orderData).toMatchObject({ orderSource: 'website', pickupAt: SUNDAY_0915.start });
  });

  it('closed with no pre-orders (turned off), or at a table: cannot order', async () => {
    renderCheckout({ shopStatus: { ...CLOSED, preOrderDate: null } });
    expect(
      await screen.findByRole('button', { name: 'Shop Closed - Cannot Order' }),
    ).toHaveProperty('disabled', true);
    expect(screen.queryByRole('group', { name: /Pickup time/ })).toBeNull();
  });

  it('a table order is for now: closed is closed, pre-orders or not', async () => {
    sessionStorage.setItem('presetTableNumber', '4');
    renderCheckout({ shopStatus: CLOSED });
    expect(
      await screen.findByRole('button', { name: 'Shop Closed - Cannot Order' }),
    ).toHaveProperty('disabled', true);
  });
});
