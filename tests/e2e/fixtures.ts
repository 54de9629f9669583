import { test as base, expect, type ConsoleMessage } from '@playwright/test';

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

/**
 * Every end-to-end test fails when the page logs an error or throws: a screen that works but
 * shouts in the console is not done.
 *
 * A test that causes an error on purpose (makes a request fail, looks up something missing)
 * pushes a pattern to `expectedConsoleErrors`; it is matched against "<message> (<url>)", and
 * the test then also fails if that error never came.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; failOnConsoleErrors: void }>({
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
