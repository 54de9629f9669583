/** Moving around the storefront's menu, as a customer's taps do. */
import type { Page } from '@playwright/test';

/** Taps the menu card of an item; the category must be on screen. */
export async function tapCard(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('menu-grid')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button')
    .click();
}

/** Picks a category in the filter bar. */
export async function showCategory(page: Page, category: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Menu categories' })
    .getByRole('button', { name: category })
    .click();
}
