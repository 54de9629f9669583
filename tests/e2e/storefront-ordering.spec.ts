/**
 * The customer's ordering journey on the home page (spec customer-site §2 item, cart and
 * Track Your Meal dialogs; §4 cart and order status; §5 validation; §8 errors).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { showCategory, tapCard } from './menu-support.ts';

interface StoredLine {
  id: string;
  menuItemId: string;
  name: string;
  price: number;
  quantity: number;
  customizations: { sauce: string | null; addOns: string[]; specialInstructions?: string };
  image?: string | null;
}

async function storedCart(page: Page): Promise<StoredLine[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('cart-storage');
    return raw ? (JSON.parse(raw) as { state: { lines: StoredLine[] } }).state.lines : [];
  });
}

/** Opens the burger, optionally picks a sauce and add-ons, and adds it. */
async function addBurger(
  page: Page,
  {
    sauce,
    addOns = [],
    instructions,
  }: { sauce?: string; addOns?: string[]; instructions?: string } = {},
) {
  await tapCard(page, 'Classic Smash Burger');
  const dialog = page.getByRole('dialog', { name: 'Classic Smash Burger' });
  if (sauce)
    await dialog.getByRole('group', { name: 'Sauce' }).getByRole('button', { name: sauce }).click();
  for (const addOn of addOns) {
    await dialog
      .getByRole('group', { name: 'Add-ons' })
      .getByRole('button', { name: new RegExp(`^${addOn} `) })
      .click();
  }
  if (instructions !== undefined)
    await dialog.getByLabel('Special instructions').fill(instructions);
  // Options are loaded (or fallen back to) before adding.
  await expect(dialog.getByRole('group', { name: 'Sauce' })).toBeVisible();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Opens the cart. Right after adding, the "Added to Cart" toast lies over the top bar for a
 * few seconds (as it would under a customer's thumb), so by default this taps the floating
 * cart button; the top bar's Cart button is used where no toast is showing.
 */
async function openCart(page: Page, via: 'floating' | 'top bar' = 'floating') {
  const button =
    via === 'floating'
      ? page.getByRole('button', { name: /^View cart, / })
      : page.getByRole('button', { name: /^Cart, / });
  await button.click();
  const cart = page.getByRole('dialog', { name: /^Your (Order|Cart)$/ });
  await expect(cart).toBeVisible();
  return cart;
}

test.describe('item dialog', () => {
  test('customise a burger: single sauce that clears, priced add-ons, running total, quantity floor', async ({
    page,
    request,
  }) => {
    const options = (await (
      await request.get('/api/menu/items/classic-smash-burger/options')
    ).json()) as {
      sauceOptions: { name: string }[];
      addOnOptions: { name: string; price: number }[];
    };

    await page.goto('/');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    await tapCard(page, 'Classic Smash Burger');

    const dialog = page.getByRole('dialog', { name: 'Classic Smash Burger' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Most Ordered')).toBeVisible();
    await expect(
      dialog.getByText('Crispy-edged smashed beef patty', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByTestId('item-price')).toHaveText('€10.90');
    await expect(dialog.locator('img').first()).toHaveAttribute('src', /classic-smash-burger/);

    // Exactly the item's options, from the server; no bread choice for customers.
    const sauces = dialog.getByRole('group', { name: 'Sauce' }).getByRole('button');
    await expect(sauces).toHaveText(options.sauceOptions.map((option) => option.name));
    const addOns = dialog.getByRole('group', { name: 'Add-ons' }).getByRole('button');
    await expect(addOns).toHaveCount(options.addOnOptions.length);
    await expect(dialog.getByRole('button', { name: 'Bacon +€1.00' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Crispy Onions +€0.50' })).toBeVisible();
    await expect(dialog.getByText(/bun|bread/i)).toHaveCount(0);

    // Sauce: one at a time, and tapping the chosen one again clears it.
    const spicy = dialog.getByRole('button', { name: 'Spicy BBQ' });
    const honey = dialog.getByRole('button', { name: 'Honey Jack BBQ' });
    await spicy.click();
    await expect(spicy).toHaveAttribute('aria-pressed', 'true');
    await honey.click();
    await expect(honey).toHaveAttribute('aria-pressed', 'true');
    await expect(spicy).toHaveAttribute('aria-pressed', 'false');
    await honey.click();
    await expect(honey).toHaveAttribute('aria-pressed', 'false');
    await expect(
      dialog.getByRole('group', { name: 'Sauce' }).locator('[aria-pressed="true"]'),
    ).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Truffle Mayo' }).click();

    // Add-ons toggle individually; the total follows: (10.90 + 1.00 + 0.50) × quantity.
    const addToCart = dialog.getByRole('button', { name: /Add to Cart/ });
    await expect(addToCart).toHaveAccessibleName(/€10\.90/);
    await dialog.getByRole('button', { name: 'Bacon +€1.00' }).click();
    await dialog.getByRole('button', { name: 'Egg +€1.00' }).click();
    await dialog.getByRole('button', { name: 'Crispy Onions +€0.50' }).click();
    await expect(addToCart).toHaveAccessibleName(/€13\.40/);
    await dialog.getByRole('button', { name: 'Egg +€1.00' }).click();
    await expect(dialog.getByRole('button', { name: 'Egg +€1.00' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(addToCart).toHaveAccessibleName(/€12\.40/);

    // Quantity never goes below 1.
    const decrease = dialog.getByRole('button', { name: 'Decrease quantity' });
    const increase = dialog.getByRole('button', { name: 'Increase quantity' });
    const quantity = dialog.getByRole('status', { name: 'Quantity' });
    await expect(quantity).toHaveText('1');
    await expect(decrease).toBeDisabled();
    await increase.click();
    await increase.click();
    await expect(quantity).toHaveText('3');
    await expect(addToCart).toHaveAccessibleName(/€37\.20/);
    await decrease.click();
    await expect(quantity).toHaveText('2');
    await expect(addToCart).toHaveAccessibleName(/€24\.80/);
    await decrease.click();
    await expect(quantity).toHaveText('1');
    await expect(decrease).toBeDisabled();
    await increase.click();

    await dialog.getByLabel('Special instructions').fill('  No pickles, please  ');
    await addToCart.click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Added to Cart')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expect(page.getByRole('button', { name: 'View cart, 2 items' })).toContainText('€24.80');

    const [line, ...rest] = await storedCart(page);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      menuItemId: 'classic-smash-burger',
      name: 'Classic Smash Burger',
      price: 12.4,
      quantity: 2,
      customizations: {
        sauce: 'Truffle Mayo',
        addOns: ['Bacon', 'Crispy Onions'],
        specialInstructions: 'No pickles, please',
      },
      image: '/images/menu/classic-smash-burger.svg',
    });
    expect(line!.id).toMatch(/^classic-smash-burger-\d+$/);
  });

  test('a drink that is not customizable goes straight into the cart', async ({ page }) => {
    await page.goto('/');
    await showCategory(page, 'Drinks');
    await tapCard(page, 'Cola 0.5 l');

    await expect(page.getByText('Added to Cart')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const lines = await storedCart(page);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      menuItemId: 'cola',
      price: 2.9,
      quantity: 1,
      customizations: { sauce: null, addOns: [] },
    });
    expect(lines[0]!.customizations).not.toHaveProperty('specialInstructions');

    // A second tap adds to the same line.
    await tapCard(page, 'Cola 0.5 l');
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(await storedCart(page)).toHaveLength(1);
  });

  test('the same configuration merges into one line; blank instructions are left out', async ({
    page,
  }) => {
    test.slow(); // three trips through the item dialog
    await page.goto('/');
    await addBurger(page, { sauce: 'Spicy BBQ', addOns: ['Bacon'] });
    // Whitespace-only instructions are trimmed away, so this is the same configuration.
    await addBurger(page, { sauce: 'Spicy BBQ', addOns: ['Bacon'], instructions: '   ' });
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    let lines = await storedCart(page);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    expect(lines[0]!.customizations).not.toHaveProperty('specialInstructions');

    // A different sauce is a different line.
    await addBurger(page, { sauce: 'Truffle Mayo', addOns: ['Bacon'] });
    lines = await storedCart(page);
    expect(lines.map((line) => [line.customizations.sauce, line.quantity])).toEqual([
      ['Spicy BBQ', 2],
      ['Truffle Mayo', 1],
    ]);

    const cart = await openCart(page);
    await expect(cart.getByRole('listitem', { name: 'Classic Smash Burger' })).toHaveCount(2);
  });

  test('when the options cannot be loaded the fallback sauces and add-ons are offered', async ({
    page,
    expectedConsoleErrors,
  }) => {
    expectedConsoleErrors.push(/status of 500 .*\/options\)$/);
    await page.route('**/api/menu/items/*/options', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.' } }),
    );
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });

    await page.goto('/');
    await tapCard(page, 'Classic Smash Burger');
    const dialog = page.getByRole('dialog', { name: 'Classic Smash Burger' });
    await expect(dialog.getByRole('group', { name: 'Sauce' }).getByRole('button')).toHaveText([
      'Spicy BBQ',
      'Honey Jack BBQ',
      'Jumbo Cheesy Mayo',
      'Truffle Mayo',
      'Spicy Doritos Mayo',
      'Garlic & Onion Mayo',
      'Sour Cream & Onion',
      'Secret Sauce',
    ]);
    await expect(dialog.getByRole('group', { name: 'Add-ons' }).getByRole('button')).toHaveText([
      'Extra Cheese +€1.00',
      'Egg +€1.00',
      'Bacon +€1.00',
      'Crispy Onions +€0.50',
    ]);
    expect(warnings.some((text) => text.includes('fallback'))).toBe(true);

    // The fallback choices are real choices.
    await dialog.getByRole('button', { name: 'Secret Sauce' }).click();
    await dialog.getByRole('button', { name: 'Extra Cheese +€1.00' }).click();
    await expect(dialog.getByRole('button', { name: /Add to Cart/ })).toHaveAccessibleName(
      /€11\.90/,
    );
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    expect((await storedCart(page))[0]!.customizations).toEqual({
      sauce: 'Secret Sauce',
      addOns: ['Extra Cheese'],
    });
  });

  test('a section without options is hidden, and bread is never offered', async ({ page }) => {
    await page.route('**/api/menu/items/*/options', (route) =>
      route.fulfill({
        json: {
          breadOptions: [{ id: 'brioche', name: 'Brioche Bun', description: 'Soft' }],
          sauceOptions: [],
          addOnOptions: [{ id: 'egg', name: 'Egg', price: 1 }],
        },
      }),
    );
    await page.goto('/');
    await tapCard(page, 'Classic Smash Burger');
    const dialog = page.getByRole('dialog', { name: 'Classic Smash Burger' });
    await expect(dialog.getByRole('group', { name: 'Add-ons' }).getByRole('button')).toHaveText([
      'Egg +€1.00',
    ]);
    await expect(dialog.getByRole('group', { name: 'Sauce' })).toHaveCount(0);
    await expect(dialog.getByText('Brioche Bun')).toHaveCount(0);
    await expect(dialog.getByLabel('Special instructions')).toBeVisible();
  });
});

test.describe('cart dialog', () => {
  test('lists lines with their options and totals; steppers, remove, reload and the empty cart', async ({
    page,
  }) => {
    await page.goto('/');
    await addBurger(page, {
      sauce: 'Spicy BBQ',
      addOns: ['Bacon', 'Egg'],
      instructions: 'Well done',
    });
    await showCategory(page, 'Drinks');
    await tapCard(page, 'Cola 0.5 l');

    let cart = await openCart(page);
    await expect(cart).toHaveAccessibleName('Your Order');
    const burger = cart.getByRole('listitem', { name: 'Classic Smash Burger' });
    const cola = cart.getByRole('listitem', { name: 'Cola 0.5 l' });
    await expect(burger).toContainText('Sauce: Spicy BBQ');
    await expect(burger).toContainText('Add-ons: Bacon, Egg');
    await expect(burger).toContainText('Well done');
    await expect(burger).toContainText('€12.90 each');
    await expect(burger.getByTestId('line-total')).toHaveText('€12.90');
    await expect(burger.locator('img')).toHaveAttribute(
      'src',
      '/images/menu/classic-smash-burger.svg',
    );
    await expect(cola).toContainText('€2.90 each');
    await expect(cola).not.toContainText('Sauce:');
    await expect(cart.getByTestId('cart-subtotal')).toHaveText('€15.80');
    await expect(cart.getByTestId('cart-total')).toHaveText('€15.80');

    await cola.getByRole('button', { name: 'Increase quantity of Cola 0.5 l' }).click();
    await expect(cola.getByRole('status', { name: 'Quantity of Cola 0.5 l' })).toHaveText('2');
    await expect(cola.getByTestId('line-total')).toHaveText('€5.80');
    await expect(cart.getByTestId('cart-total')).toHaveText('€18.70');
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    // The cart survives a reload (browser storage, key cart-storage).
    await page.reload();
    cart = await openCart(page, 'top bar');
    await expect(cart.getByRole('listitem')).toHaveCount(2);
    await expect(cart.getByTestId('cart-total')).toHaveText('€18.70');
    await expect(
      cart
        .getByRole('listitem', { name: 'Cola 0.5 l' })
        .getByRole('status', { name: 'Quantity of Cola 0.5 l' }),
    ).toHaveText('2');

    // Stepping down to 0 removes the line.
    const decreaseCola = cart.getByRole('button', { name: 'Decrease quantity of Cola 0.5 l' });
    await decreaseCola.click();
    await decreaseCola.click();
    await expect(cart.getByRole('listitem', { name: 'Cola 0.5 l' })).toHaveCount(0);
    await expect(cart.getByTestId('cart-total')).toHaveText('€12.90');

    // The remove button removes a line outright.
    await cart.getByRole('button', { name: 'Remove Classic Smash Burger' }).click();
    await expect(cart).toHaveAccessibleName('Your Cart');
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    expect(await storedCart(page)).toEqual([]);

    await cart.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(cart).toBeHidden();
  });

  test('Clear cart asks first, then empties the cart', async ({ page }) => {
    await page.goto('/');
    await showCategory(page, 'Drinks');
    await tapCard(page, 'Cola 0.5 l');
    await tapCard(page, 'Homemade Lemonade');
    const cart = await openCart(page);

    await cart.getByRole('button', { name: 'Clear cart' }).click();
    await cart.getByRole('button', { name: 'Keep items' }).click();
    await expect(cart.getByRole('listitem')).toHaveCount(2);

    await cart.getByRole('button', { name: 'Clear cart' }).click();
    await cart.getByRole('button', { name: 'Yes, clear cart' }).click();
    await expect(cart.getByText('Your cart is empty')).toBeVisible();
    expect(await storedCart(page)).toEqual([]);
  });

  test('Proceed to Checkout goes to /checkout and closes the cart', async ({ page }) => {
    await page.goto('/');
    await showCategory(page, 'Drinks');
    await tapCard(page, 'Cola 0.5 l');
    // The floating cart button opens the same dialog.
    await page.getByRole('button', { name: 'View cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'Your Order' });
    await expect(cart.getByText('Sorry, the shop is closed.')).toHaveCount(0);
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a closed shop blocks checkout from the cart', async ({ page }) => {
    await page.route('**/api/shop-status', (route) =>
      route.fulfill({
        json: {
          isOpen: false,
          todayHours: { shift1: { open: '09:00', close: '15:00' } },
          currentTime: '07:10',
          today: 'tuesday',
          timeZone: 'Europe/Tallinn',
        },
      }),
    );
    await page.goto('/');
    await showCategory(page, 'Drinks');
    await tapCard(page, 'Cola 0.5 l');
    const cart = await openCart(page);
    await expect(cart.getByText('Sorry, the shop is closed.')).toBeVisible();
    await expect(cart.getByRole('button', { name: 'Shop Closed - Cannot Order' })).toBeDisabled();
    await expect(cart.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  });
});

test.describe('Track Your Meal dialog', () => {
  test('Track is enabled only for a non-blank e-mail; an unknown one finds nothing', async ({
    page,
  }) => {
    // Whether the server answers an unknown address with [] or a 404, the dialog says the same.
    await page.goto('/');
    await page.getByRole('button', { name: 'Track Your Meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
    const email = dialog.getByLabel('Email address');
    const track = dialog.getByRole('button', { name: 'Track', exact: true });

    await expect(email).toHaveAttribute('type', 'email');
    await expect(track).toBeDisabled();
    await email.fill('   ');
    await expect(track).toBeDisabled();
    await email.fill(`nobody-${Date.now()}@example.com`);
    await expect(track).toBeEnabled();

    // Enter in the field submits.
    await email.press('Enter');
    await expect(dialog.getByText('No orders found for this email')).toBeVisible();
    await expect(
      dialog.getByText(
        'Make sure you entered the correct email address used when placing your order.',
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Track by order number' })).toHaveAttribute(
      'href',
      '/track',
    );
  });

  test('a failed lookup reads as no orders; Track is disabled while searching', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/orders/track-by-email/**', async (route) => {
      calls += 1;
      await gate;
      await route.fulfill({ status: 404, json: { error: 'Not found' } });
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Track Your Meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
    await dialog.getByLabel('Email address').fill('someone@example.com');
    const track = dialog.getByRole('button', { name: 'Track', exact: true });
    await track.click();
    await expect(track).toBeDisabled();
    release();
    await expect(dialog.getByText('No orders found for this email')).toBeVisible();
    await expect(track).toBeEnabled();
    // Never retried on its own (spec §7).
    expect(calls).toBe(1);
  });

  test('when the shop e-mails the links, it says so the same way for any address', async ({
    page,
  }) => {
    // The server's answer for a known and an unknown address alike (docs/decisions/020).
    await page.route('**/api/orders/track-by-email/**', (route) =>
      route.fulfill({ json: { emailed: true, orders: [] } }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Track Your Meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
    await dialog.getByLabel('Email address').fill('someone@example.com');
    await dialog.getByLabel('Email address').press('Enter');
    const notice = dialog.getByRole('status');
    await expect(notice).toContainText('Check your inbox');
    await expect(notice).toContainText(
      'If there are orders for someone@example.com, we have e-mailed you a link to each of them.',
    );
    await expect(dialog.getByText('No orders found for this email')).toHaveCount(0);
  });

  test('a rate-limited lookup asks the customer to wait instead of saying nothing was found', async ({
    page,
  }) => {
    await page.route('**/api/orders/track-by-email/**', (route) =>
      route.fulfill({ status: 429, json: { error: 'Too many requests' } }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Track Your Meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
    await dialog.getByLabel('Email address').fill('someone@example.com');
    await dialog.getByLabel('Email address').press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('Please wait a minute and try again.');
    await expect(dialog.getByText('No orders found for this email')).toHaveCount(0);
  });

  test('lists orders with their status message, items, total and a link to each', async ({
    page,
  }) => {
    const requested: string[] = [];
    const now = Date.now();
    await page.route('**/api/orders/track-by-email/**', (route) => {
      requested.push(new URL(route.request().url()).pathname);
      return route.fulfill({
        // This browser's own orders (docs/decisions/020); the shop sends no e-mail here.
        json: {
          emailed: false,
          orders: [
            {
              id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
              orderNumber: 1043,
              createdAt: new Date(now).toISOString(),
              status: 'preparing',
              items: [
                { quantity: 2, name: 'Classic Smash Burger' },
                { quantity: 1, name: 'Cola 0.5 l' },
              ],
              total: '27.70',
              kitchenEstimatedTime: 12,
            },
            {
              id: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
              orderNumber: 1042,
              createdAt: new Date(now - 3_600_000).toISOString(),
              status: 'ready',
              items: [{ quantity: 1, name: 'Texas Brisket Plate' }],
              total: '16.90',
              kitchenEstimatedTime: null,
            },
            {
              id: '8f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
              orderNumber: 1041,
              createdAt: new Date(now - 7_200_000).toISOString(),
              status: 'pending',
              items: [{ quantity: 1, name: 'Lemonade' }],
              total: '3.90',
              kitchenEstimatedTime: null,
            },
            {
              id: '9f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
              orderNumber: 1001,
              createdAt: new Date(now - 86_400_000).toISOString(),
              status: 'completed',
              items: [{ quantity: 3, name: 'Loaded Brisket Fries' }],
              total: '26.70',
              kitchenEstimatedTime: null,
            },
          ],
        },
      });
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Track Your Meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track Your Meal' });
    await dialog.getByLabel('Email address').fill('  jo+food@example.com ');
    await dialog.getByRole('button', { name: 'Track', exact: true }).click();

    const orders = dialog
      .getByRole('list', { name: 'Your orders' })
      .getByRole('listitem', { name: /^Order #/ });
    await expect(orders).toHaveCount(4);
    expect(requested).toEqual(['/api/orders/track-by-email/jo%2Bfood%40example.com']);

    const preparing = orders.nth(0);
    await expect(preparing).toContainText('Order #1043');
    await expect(preparing).toContainText('Your order is being prepared!');
    await expect(preparing).toContainText('Estimated time: 12 minutes.');
    await expect(preparing).toContainText('2× Classic Smash Burger');
    await expect(preparing).toContainText('1× Cola 0.5 l');
    await expect(preparing).toContainText('€27.70');
    await expect(preparing.locator('time')).toHaveAttribute(
      'datetime',
      new Date(now).toISOString(),
    );
    await expect(preparing.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/order-confirmation?orderId=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    );

    await expect(orders.nth(1)).toContainText(
      'Your order is ready for pickup! Please come to the counter.',
    );
    await expect(orders.nth(1)).not.toContainText('Estimated time');
    await expect(orders.nth(2)).toContainText(
      'Your order is in queue and will be prepared shortly.',
    );
    await expect(orders.nth(3)).toContainText('DONE');
    await expect(orders.nth(3)).toContainText('€26.70');
  });
});

test('the three dialogs pass an accessibility scan (WCAG 2.1 A and AA)', async ({ page }) => {
  test.slow(); // five axe scans
  const scan = async (state: string) => {
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations.map(
        (violation) =>
          `${state}: ${violation.id} ${violation.nodes.map((node) => node.target).join(', ')}`,
      ),
    ).toEqual([]);
  };

  await page.goto('/');
  await tapCard(page, 'Classic Smash Burger');
  const item = page.getByRole('dialog', { name: 'Classic Smash Burger' });
  await item.getByRole('button', { name: 'Spicy BBQ' }).click();
  await item.getByRole('button', { name: 'Bacon +€1.00' }).click();
  await scan('item dialog');
  await item.getByRole('button', { name: /Add to Cart/ }).click();

  const cart = await openCart(page);
  await scan('cart');
  await cart.getByRole('button', { name: 'Clear cart' }).click();
  await scan('clear cart confirmation');
  await cart.getByRole('button', { name: 'Yes, clear cart' }).click();
  await scan('empty cart');
  await cart.getByRole('button', { name: 'Continue Shopping' }).click();

  await page.getByRole('button', { name: 'Track Your Meal' }).click();
  const track = page.getByRole('dialog', { name: 'Track Your Meal' });
  // The field is focused on opening, ready to type.
  await expect(track.getByLabel('Email address')).toBeFocused();
  await scan('track dialog');
});
