/**
 * The kitchen watchdog (decision 023) in the browser at 1280x800: the dashboard shows how many
 * kitchen displays are connected; when the last one goes, the alert banner appears, online
 * ordering pauses itself with its reason, and the storefront says why; a display back
 * resumes. The workers' e2e servers run without the watchdog, so this spec starts its own with
 * short test times (WATCHDOG_*_MS): the alert 2 s after the last display left, the pause
 * after 3 "minutes" of 2 s. The test waits on what the screens show, never on fixed times.
 */
import WebSocket from 'ws';
import { expect, test } from './fixtures.ts';
import { spawnServer, waitForHealthy, type ServerProcess, runPort } from './server-process.ts';

const PORT = runPort(45);
const ADMIN_PASSWORD = 'watchdog-admin-pw';
/** Long enough for a tick of 200 ms and a dashboard poll, on a busy machine. */
const WATCHDOG_WAIT = { timeout: 20_000 };

let server: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawnServer({
    PORT,
    NODE_ENV: 'test',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    ADMIN_PASSWORD,
    LOGIN_REQUESTS_PER_MINUTE: '1000',
    PAGE_VIEWS_PER_MINUTE: '1000',
    WATCHDOG: 'true',
    WATCHDOG_TICK_MS: '200',
    WATCHDOG_DISPLAY_GRACE_MS: '2000',
    WATCHDOG_MINUTE_MS: '2000',
  });
  await waitForHealthy(server);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A kitchen display: the admin's session on a socket that says `kitchenDisplay`. */
async function connectDisplay(cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    socket.once('message', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'kitchenDisplay' }));
  return socket;
}

test('the dashboard counts the displays, alerts when the last goes; the storefront says why orders pause', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const base = server!.baseUrl;
  const login = await page.request.post(`${base}/api/auth/login`, {
    data: { password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const sid = (await page.context().cookies(base)).find((cookie) => cookie.name === 'sid');
  expect(sid).toBeDefined();
  const cookie = `${sid!.name}=${sid!.value}`;

  let display = await connectDisplay(cookie);
  await page.goto(`${base}/admin`);
  const displays = page.getByTestId('kitchen-displays').first();
  await expect(displays).toHaveText('1 kitchen display connected', WATCHDOG_WAIT);
  const ordering = page.getByRole('region', { name: 'Online ordering' }).getByRole('status');
  await expect(ordering).toHaveText('Online orders: taking orders', WATCHDOG_WAIT);
  const banner = page.getByRole('alert', { name: 'Kitchen alert' });
  await expect(banner).toHaveCount(0);

  // The minutes setting is checked with the shared schema before it is sent.
  const minutes = page.getByLabel('Pause online orders after');
  await expect(minutes).toHaveValue('3');
  await minutes.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter 1 to 60 minutes.')).toBeVisible();
  await minutes.fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter 1 to 60 minutes.')).toHaveCount(0);

  // The kitchen tablet goes: the alert, then the pause with its reason.
  display.close();
  await expect(displays).toHaveText('No kitchen display connected', WATCHDOG_WAIT);
  await expect(banner).toContainText('No kitchen display is connected', WATCHDOG_WAIT);
  await expect(ordering).toHaveText('Paused: kitchen offline', WATCHDOG_WAIT);
  await expect(banner).toContainText('Online orders are paused until a kitchen display is back');
  await expect(banner.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  await page.screenshot({ path: 'test-results/kitchen-watchdog-dashboard.png' });

  // The POS shows the same count and banner.
  const pos = await page.context().newPage();
  await pos.goto(`${base}/pos`);
  await expect(pos.getByTestId('kitchen-displays')).toHaveText('No kitchen display connected');
  await expect(pos.getByRole('alert', { name: 'Kitchen alert' })).toContainText(
    'No kitchen display is connected',
  );
  await pos.screenshot({ path: 'test-results/kitchen-watchdog-pos.png' });

  // The storefront, in another browser: the reason, not just "not taking orders".
  const customer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const storefront = await customer.newPage();
  await storefront.goto(`${base}/`);
  await expect(
    storefront.getByText('The kitchen is offline; online orders are paused.'),
  ).toBeVisible(WATCHDOG_WAIT);
  await storefront.screenshot({ path: 'test-results/kitchen-watchdog-storefront.png' });

  // Acknowledged: the alarm stops, the banner stays while the kitchen is still offline.
  await banner.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(banner).toContainText('Acknowledged');
  // A reload of the dashboard does not ring again for the acknowledged incident.
  await page.reload();
  await expect(banner).toContainText('Acknowledged', WATCHDOG_WAIT);
  await expect(banner.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

  // A display is back: everything resumes by itself.
  display = await connectDisplay(cookie);
  await expect(displays).toHaveText('1 kitchen display connected', WATCHDOG_WAIT);
  await expect(banner).toHaveCount(0, WATCHDOG_WAIT);
  await expect(ordering).toHaveText('Online orders: taking orders', WATCHDOG_WAIT);
  await expect(
    storefront.getByText('The kitchen is offline; online orders are paused.'),
  ).toHaveCount(0, WATCHDOG_WAIT);
  await expect(pos.getByTestId('kitchen-displays')).toHaveText(
    '1 kitchen display connected',
    WATCHDOG_WAIT,
  );
  await expect(pos.getByRole('alert', { name: 'Kitchen alert' })).toHaveCount(0);
  display.close();
  await customer.close();
});
