/**
 * The back office's login journeys (spec back-office §2, DESIGN.md departure 1). The first one
 * needs a server of its own: the admin password is the one the server prints on its first
 * start.
 */
import { expect, test } from './fixtures.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';
import { revealFooter } from './storefront-footer.ts';

test.describe('first start', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = spawnServer({ PORT: runPort(10), LOG_LEVEL: 'warn' });
    await waitForHealthy(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the admin logs in with the printed password, logs out, and is sent to login again', async ({
    page,
  }) => {
    const printed = /shown only once:\s+(\S+)/.exec(server.output());
    expect(printed, server.output()).not.toBeNull();
    const password = printed![1]!;

    await page.goto(`${server.baseUrl}/admin`);
    await expect(page).toHaveURL(`${server.baseUrl}/login`);

    // A wrong password shows the spec's message.
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
    for (const label of [
      'Dashboard',
      'Menu Editor',
      'QR Codes',
      'Calendar',
      'POS',
      'Staff',
      'Delivery Platforms',
      'Shop Hours',
      'Settings',
      'Test Alerts',
      'Homepage',
    ]) {
      await expect(
        page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: label, exact: true }),
      ).toBeVisible();
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/`);
    await expect(page.getByText('Logged Out')).toBeVisible();

    await page.goto(`${server.baseUrl}/admin`);
    await expect(page).toHaveURL(`${server.baseUrl}/login`);
    // The server, not the browser, decides: the old cookie is gone.
    const session = await page.request.get(`${server.baseUrl}/api/auth/session`);
    expect(await session.json()).toEqual({ authenticated: false, user: null });
  });

  test('a second start prints no new password', async () => {
    test.setTimeout(120_000);
    // The embedded database belongs to one process at a time.
    await server.stop();
    const restarted = spawnServer({ PORT: runPort(11), DATA_DIR: server.dataDir });
    try {
      await waitForHealthy(restarted);
      expect(restarted.output()).not.toMatch(/shown only once/);
      expect(restarted.output()).toMatch(/Back office: .*\/login/);
    } finally {
      await restarted.stop();
    }
  });
});

test.describe('closing the shop for today (test clock on a Tuesday)', () => {
  let server: ServerProcess;
  const password = 'tuesday-admin-pw';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Tuesday 24 November 2026, 10:00 in Tallinn (08:00 UTC).
    server = spawnServer({
      PORT: runPort(14),
      NODE_ENV: 'test',
      FAKE_NOW: '2026-11-24T08:00:00Z',
      ADMIN_PASSWORD: password,
    });
    await waitForHealthy(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("editing Tuesday's hours closes the shop: closed banner and checkout disabled", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${server.baseUrl}/`);
    await expect(page.getByRole('button', { name: 'View Menu', exact: true })).toBeVisible();
    await expect(page.getByText("Sorry, we're currently closed.")).toHaveCount(0);

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin`);

    await page.goto(`${server.baseUrl}/shop-hours`);
    const tuesday = page.getByRole('listitem', { name: 'Tuesday' });
    await expect(tuesday).toContainText('(Today)');
    await tuesday.getByRole('button', { name: 'Edit Tuesday' }).click();
    await tuesday.getByRole('switch', { name: 'Shift 1 open' }).click();
    await tuesday.getByRole('switch', { name: 'Shift 2 open' }).click();
    await tuesday.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Hours Updated')).toBeVisible();
    await expect(page.getByText('Closed Now')).toBeVisible();

    // The storefront, as a customer sees it.
    await page.goto(`${server.baseUrl}/`);
    const banner = page.getByRole('alert').filter({ hasText: "Sorry, we're currently closed." });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("We're closed today.");
    // Pre-orders (decision 026, on by default): for the next opening, Wednesday.
    await expect(banner).toContainText('Pre-order now for Wednesday.');
    await expect(page.getByRole('button', { name: 'View Menu (Closed)' })).toBeVisible();
    await revealFooter(page);
    await expect(page.getByTestId('opening-hours').locator('[aria-current="date"]')).toContainText(
      'Closed',
    );

    await page.getByRole('button', { name: 'Drinks' }).click();
    await page
      .getByTestId('menu-grid')
      .getByRole('article')
      .filter({ hasText: 'Cola' })
      .getByRole('button')
      .click();
    await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
    await expect(page.getByRole('button', { name: 'Pre-order for Wed 25 Nov' })).toBeEnabled();

    // With pre-orders turned off, closed is closed.
    const off = await page.request.put(`${server.baseUrl}/api/admin/settings/pre_orders_enabled`, {
      data: { value: 'false' },
    });
    expect(off.ok(), await off.text()).toBe(true);
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(banner).not.toContainText('Pre-order');
    await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
    await expect(page.getByRole('button', { name: 'Shop Closed - Cannot Order' })).toBeDisabled();
    await expect(page.getByText('Sorry, the shop is closed.')).toBeVisible();

    // And the server refuses payment whatever the browser does.
    const refused = await page.request.post(`${server.baseUrl}/api/viva-wallet/create-payment`, {
      data: {
        customerEmail: 'late@example.com',
        customerName: 'Late Customer',
        customerPhone: '+372 5000 0002',
        orderData: { items: [{ menuItemId: 'cola', quantity: 1 }] },
      },
    });
    expect(refused.status()).toBe(409);
  });
});
