/**
 * The storefront's footer loads as the reader nears it (decision 016, "Counted in the
 * browser"): a test that reads it scrolls to the end of the page until it is there (the menu
 * can still grow the page while it loads).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export async function revealFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return footer;
}
