import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { runPort, spawnServer, waitForHealthy, type ServerProcess } from './server-process.ts';

/** Worker N's server listens on E2E_PORT + 90 + N (runPort: the specs' own servers use 1-89). */
const WORKER_PORT_OFFSET = 90;

/** What Chromium logs when a request answers with this status. */
export const failedResource = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

// The browser logs every refused API call (a wrong password is a 401). Those are answers the
// screens handle; server errors (5xx) and missing files still count.
function isRefusedApiCall(message: ConsoleMessage): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
    new URL(message.location().url || 'http://x/').pathname.startsWith('/api/')
  );
}

/** A test on its worker's server (below), with no check of the page's console. */
export const testOnWorkerServer = base.extend<object, { workerServer: ServerProcess }>({
  /**
   * Each Playwright worker's own shop: the production build on its own embedded database, the
   * way the README's `npm start` runs it. The suite runs on several workers (playwright.config.ts),
   * and the specs change shop-wide things (hours, pause, sold out, the test clock), so a worker
   * never shares its server with another: its specs run one after another on it, as on one
   * server before. Every page, context and API request of a test goes to it (`baseURL`).
   */
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const port = runPort(WORKER_PORT_OFFSET + workerInfo.parallelIndex);
      const server = spawnServer({
        PORT: port,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        // Every spec logs in afresh from one address; the limit itself is tested in the API tests.
        LOGIN_REQUESTS_PER_MINUTE: '1000',
        // The same for the page-view reports of the whole suite (its 429 is a console error).
        PAGE_VIEWS_PER_MINUTE: '1000',
      });
      // A worker stopped without its teardown must not leave its server holding the port.
      const killOnExit = () => server.child.kill('SIGKILL');
      process.once('exit', killOnExit);
      await waitForHealthy(server);
      await use(server);
      process.off('exit', killOnExit);
      await server.stop();
    },
    // A start on a busy machine can take far longer than the second it takes on a quiet one.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.baseUrl);
  },
});

/**
 * Every end-to-end test fails when the page logs an error or throws: a screen that works but
 * shouts in the console is not done. (`testOnWorkerServer` is the same without this check, for
 * the offline journeys, where the browser logs each request the worker cannot answer.)
 *
 * A test that causes an error on purpose (makes a request fail, looks up something missing)
 * pushes a pattern to `expectedConsoleErrors`; it is matched against "<message> (<url>)", and
 * the test then also fails if that error never came.
 */
export const test = testOnWorkerServer.extend<{
  expectedConsoleErrors: RegExp[];
  failOnConsoleErrors: void;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  expectedConsoleErrors: async ({}, use) => {
    // A new list for each test (tests push to it).
    await use([]);
  },
  failOnConsoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      const expectedSeen: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const described = `${message.text()} (${message.location().url})`;
        if (expectedConsoleErrors.some((pattern) => pattern.test(described))) {
          expectedSeen.push(described);
        } else if (!isRefusedApiCall(message)) {
          problems.push(`console.error: ${described}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
      for (const pattern of expectedConsoleErrors) {
        expect(
          expectedSeen.some((seen) => pattern.test(seen)),
          `expected a console error matching ${pattern}`,
        ).toBe(true);
      }
    },
    { auto: true },
  ],
});

export { expect };

export interface ApiMenuItem {
  id: string;
  name: string;
  category: string | null;
  popular: boolean;
  customizable: boolean;
  basePrice: number;
  image: string | null;
}
