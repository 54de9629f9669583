/**
 * Helpers of the checkout and tracking journeys: a cart put straight into browser storage,
 * the customer form filled in, a real paid order made through the payment simulator, and the
 * kitchen's steps on it through the kitchen display's API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

export interface TestCartLine {
  id: string;
  menuItemId: string;
  name: string;
  price: number;
  quantity: number;
  customizations: { sauce: string | null; addOns: string[]; specialInstructions?: string };
  image?: string | null;
}

/** Two burgers with sauce, cheese and a note, and one plain coleslaw: €27.30. */
export const SAMPLE_CART: TestCartLine[] = [
  {
    id: 'classic-smash-burger-1700000000000',
    menuItemId: 'classic-smash-burger',
    name: 'Classic Smash Burger',
    price: 11.9,
    quantity: 2,
    customizations: {
      sauce: 'Spicy BBQ',
      addOns: ['Extra Cheese'],
      specialInstructions: 'No pickles',
    },
    image: '/images/menu/classic-smash-burger.svg',
  },
  {
    id: 'coleslaw-1700000000001',
    menuItemId: 'coleslaw',
    name: 'Creamy Coleslaw',
    price: 3.5,
    quantity: 1,
    customizations: { sauce: null, addOns: [] },
    image: '/images/menu/coleslaw.svg',
  },
];
export const SAMPLE_CART_TOTAL = '€27.30';

/** Puts a cart into browser storage (zustand persist shape) before the app starts. */
export async function seedCart(page: Page, lines: TestCartLine[] = SAMPLE_CART) {
  await page.addInitScript(
    (value) => {
      // Only on the first load: later loads see what the app itself stored.
      if (sessionStorage.getItem('cart-seeded')) return;
      sessionStorage.setItem('cart-seeded', '1');
      localStorage.setItem('cart-storage', value);
    },
    JSON.stringify({ state: { lines }, version: 0 }),
  );
}

/** The cart lines the app has stored right now. */
export async function storedCartLines(page: Page): Promise<TestCartLine[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('cart-storage');
    return raw ? (JSON.parse(raw) as { state: { lines: TestCartLine[] } }).state.lines : [];
  });
}

export const CUSTOMER = {
  firstName: 'Mari',
  lastName: 'Maasikas',
  email: 'mari@example.com',
  phone: '+372 5555 0100',
};

export async function fillCustomer(page: Page, customer = CUSTOMER) {
  await page.getByLabel('First name').fill(customer.firstName);
  await page.getByLabel('Last name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
}

export interface ApiOrder {
  id: string;
  orderNumber: number;
  status: string;
  total: string;
  items: { name: string; quantity: number; totalPrice: string }[];
}

/** The body of POST /api/viva-wallet/create-payment for a website pickup of `lines`. */
export function paymentRequestBody(lines: TestCartLine[] = SAMPLE_CART) {
  return {
    amount: 0,
    customerEmail: CUSTOMER.email,
    customerName: `${CUSTOMER.firstName} ${CUSTOMER.lastName}`,
    customerPhone: CUSTOMER.phone,
    contactless: false,
    orderData: {
      type: 'pickup',
      orderSource: 'website',
      items: lines.map((line) => ({
        menuItemId: line.menuItemId,
        name: line.name,
        quantity: line.quantity,
        price: line.price,
        customizations: line.customizations,
      })),
      paymentMethod: 'viva-wallet',
      deliveryAddress: null,
      customer: CUSTOMER,
    },
  };
}

/**
 * A real paid order, made the way a customer makes one: create the payment, then press Pay
 * on the simulator's page (a form post). Returns the order as GET /api/orders/:id reads it.
 */
export async function createPaidOrder(
  request: APIRequestContext,
  lines: TestCartLine[] = SAMPLE_CART,
) {
  const created = await request.post('/api/viva-wallet/create-payment', {
    data: paymentRequestBody(lines),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { paymentUrl } = (await created.json()) as { paymentUrl: string };
  const paid = await request.post(paymentUrl, { form: { outcome: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const orderId = new URL(paid.headers()['location']!, 'http://x').searchParams.get('orderId');
  expect(orderId).toBeTruthy();
  const order = await request.get(`/api/orders/${orderId}`);
  expect(order.ok()).toBe(true);
  return (await order.json()) as ApiOrder;
}

/**
 * The kitchen's tap on an order (Start with an estimate, Mark Ready, Mark Done) through the call
 * the kitchen display makes, PUT /api/admin/orders/:id/kitchen-status, signed in as the admin on
 * `request`'s own cookies.
 */
export async function setKitchenStatus(
  request: APIRequestContext,
  orderId: string,
  kitchenStatus: 'started' | 'ready' | 'done',
) {
  const session = await request.get('/api/auth/session');
  if (!((await session.json()) as { authenticated: boolean }).authenticated) {
    const login = await request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
  }
  const changed = await request.put(`/api/admin/orders/${orderId}/kitchen-status`, {
    data: kitchenStatus === 'started' ? { kitchenStatus, estimatedTime: 20 } : { kitchenStatus },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}
