import { test as base, expect } from '@playwright/test';

/**
 * Every end-to-end test fails when the page logs an error or throws: a screen
 * that works but shouts in the console is not done.
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The browser logs every refused API call (a wrong password is a 401). Those are
        // answers the screens handle; server errors (5xx) and missing files still count.
        const refusedApiCall =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(
            message.text(),
          ) && new URL(message.location().url || 'http://x/').pathname.startsWith('/api/');
        if (!refusedApiCall) problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
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
