import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium against the production build
 * (dist/, made by `npm run build`) on a fresh embedded database for each run.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The first admin's password on the shared e2e server (specs log in with it). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
const dataDir = path.join(os.tmpdir(), `takeaway-e2e-${process.pid}-${Date.now()}`);

/** Staff screens, run at desktop width; every other spec runs on a phone. */
const DESKTOP_SPECS = [
  /back-office-.*\.spec\.ts/,
  /menu-editor.*\.spec\.ts/,
  // The counter: tablet-sized; the specs set their own 1024x768 touch viewport.
  /pos-.*\.spec\.ts/,
  /kitchen-display\.spec\.ts/,
  /kitchen-never-miss\.spec\.ts/,
  /kitchen-platform-orders\.spec\.ts/,
  /kitchen-wolt-journey\.spec\.ts/,
  /notification-test\.spec\.ts/,
  /realtime-two-processes\.spec\.ts/,
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // The service worker caches pages and reads; journeys see the network as it is, and the
    // PWA spec allows the worker where it is the subject.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  // The sizes people use (DEVELOPERS.md): the storefront on a phone, the back office and the
  // kitchen display on a laptop or a wall screen.
  projects: [
    {
      name: 'chromium-desktop',
      testMatch: DESKTOP_SPECS,
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'chromium-phone',
      testIgnore: DESKTOP_SPECS,
      use: {
        ...devices['Pixel 7'],
        // The device preset names its own browser channel; we use Debian's binary.
        browserName: 'chromium',
        serviceWorkers: 'block',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: E2E_BASE_URL,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every spec logs in afresh from one address; the limit itself is tested in the API tests.
      LOGIN_REQUESTS_PER_MINUTE: '1000',
      // The same for the page-view reports of the whole suite (its 429 is a console error).
      PAGE_VIEWS_PER_MINUTE: '1000',
      // No kitchen display is open through most specs: the kitchen watchdog (decision 023)
      // would pause online ordering after 3 minutes. Its own spec starts a server with it.
      WATCHDOG: 'false',
    },
  },
});
