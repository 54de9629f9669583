import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium against the production build
 * (dist/, made by `npm run build`) on a fresh embedded database for each run.
 */
/** The first admin's password on each worker's server (tests/e2e/fixtures.ts; specs log in with it). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** Staff screens, run at desktop width; every other spec runs on a phone. */
const DESKTOP_SPECS = [
  /back-office-.*\.spec\.ts/,
  /menu-editor.*\.spec\.ts/,
  // The counter: tablet-sized; the specs set their own 1024x768 touch viewport.
  /pos-.*\.spec\.ts/,
  /kitchen-display\.spec\.ts/,
  /kitchen-later\.spec\.ts/,
  /kitchen-never-miss\.spec\.ts/,
  /kitchen-platform-orders\.spec\.ts/,
  /kitchen-printer\.spec\.ts/,
  /kitchen-wolt-journey\.spec\.ts/,
  /notification-test\.spec\.ts/,
  /realtime-two-processes\.spec\.ts/,
];

export default defineConfig({
  testDir: 'tests/e2e',
  // A spec's tests run in order on one worker; specs are spread over the workers, each with a
  // server and database of its own (tests/e2e/fixtures.ts), so none sees another's orders or
  // settings. The ports: E2E_PORT (4173 by default) plus an offset (tests/e2e/server-process.ts).
  // Three workers unless E2E_WORKERS says otherwise, on two cores: a worker's test waits on its
  // server, its browser and its page's timers part of the time, and the others fill it. On a
  // two-core machine with one core kept busy by something else, two workers ran 16 % faster than
  // one, and three left that other work 22 % of a core while they ran (README "Test it").
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Ceilings, not waits: a passing test takes what it takes. On a busy two-core machine a lazy
  // back-office screen can show Loading for more than 5 s before its heading, so a condition may
  // take up to 15 s to hold, and a long journey (the menu editor's) a minute and a half.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // The service worker caches pages and reads; journeys see the network as it is, and the
    // PWA spec allows the worker where it is the subject.
    serviceWorkers: 'block',
    // No trace by default: recording one for every test cost a fifth of the suite's time. A
    // failure keeps its screenshot and error context; `--trace retain-on-failure` records traces
    // when a failure needs one.
    trace: 'off',
    screenshot: 'only-on-failure',
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
        // The phone's width, touch and user agent, painted at one device pixel per CSS pixel:
        // the layout is the same, and Chromium paints a seventh of the Pixel 7's 2.625x
        // density (a fifth less browser CPU over a phone spec, the browser being most of the
        // suite's time). Specs whose subject depends on the density set the phone's own: what
        // a phone downloads (javascript-budget, pwa-offline-first-visit) and the pictures a
        // dense screen picks (menu-editor-journey, back-office-shop-settings).
        deviceScaleFactor: 1,
        // The device preset names its own browser channel; we use Debian's binary.
        browserName: 'chromium',
        serviceWorkers: 'block',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
  ],
});
