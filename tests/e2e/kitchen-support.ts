/** The kitchen's board, as the kitchen specs set it up and leave it (through the API). */
import type { APIRequestContext, Page } from '@playwright/test';
import type { KitchenOrder } from '#shared/kitchen/kitchen.schema.ts';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

export async function signIn(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
}

export async function kitchenOrders(request: APIRequestContext): Promise<KitchenOrder[]> {
  const list = await request.get('/api/kitchen/orders');
  expect(list.ok()).toBe(true);
  return (await list.json()) as KitchenOrder[];
}

/**
 * Takes every open order off the kitchen (through to Done, then cleared): the specs before this
 * one on the worker's server (fixtures.ts) leave theirs on its board.
 */
export async function emptyKitchen(request: APIRequestContext) {
  await signIn(request);
  for (const order of await kitchenOrders(request)) {
    if (order.status === 'cancelled') {
      await request.post(`/api/kitchen/orders/${order.id}/dismiss`);
      continue;
    }
    const path = ['pending', 'started', 'ready', 'done'];
    for (const next of path.slice(path.indexOf(order.kitchenStatus) + 1)) {
      const moved = await request.put(`/api/admin/orders/${order.id}/kitchen-status`, {
        data: { kitchenStatus: next },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
  }
  await request.post('/api/kitchen/orders/clear-done');
  expect(await kitchenOrders(request)).toEqual([]);
}

/**
 * One tick of a page's repeating timer (a chime, a retry): steps the page's clock by `ms` and
 * waits until `count` has grown. Time also passes by itself meanwhile, so "grown", not "by one".
 */
export async function stepAndSeeMore(page: Page, ms: number, count: () => Promise<number>) {
  const before = await count();
  await page.clock.runFor(ms);
  await expect.poll(count).toBeGreaterThan(before);
}
