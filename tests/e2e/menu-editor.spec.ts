/**
 * The Menu Editor (spec back-office §2 "Menu Editor", §4, §5, §8; decision 010 for sold out):
 * six tabs, each a list with Add, Edit and Delete dialogs, the spec's messages, and the
 * editor's own additions (category order, sold out until a time, discount windows).
 *
 * Every test makes its own categories, options, items and discounts, with names unique to the
 * run, and removes them at the end, so the demo menu the storefront specs read stays as it was.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** The toasts (one shows at a time); inline field messages are elsewhere. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = toasts(page).getByRole('listitem').filter({ hasText: description });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
}

/** One row of a list on a laptop (the table), or one card on a phone. */
const entry = (page: Page, list: string, text: string): Locator =>
  page
    .getByRole('table', { name: list })
    .getByRole('row')
    .filter({ hasText: text })
    .or(page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text }));

async function createCategory(page: Page, category: { id: string; name: string; icon: string }) {
  await openTab(page, 'Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('ID', { exact: true }).fill(category.id);
  await dialog.getByLabel('Name', { exact: true }).fill(category.name);
  await dialog.getByLabel('Icon', { exact: true }).fill(category.icon);
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expectToast(page, 'Success', 'Category created successfully');
  await expect(dialog).toBeHidden();
  await expect(entry(page, 'Categories', category.name)).toBeVisible();
}

async function deleteEntry(page: Page, list: string, name: string, kind: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${kind}?` });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(entry(page, list, name)).toHaveCount(0);
}

async function createOption(
  page: Page,
  tab: 'Breads' | 'Sauces' | 'Add-ons',
  option: { id: string; name: string; description?: string; price?: string },
) {
  const noun = { Breads: 'Bread', Sauces: 'Sauce', 'Add-ons': 'Add-on' }[tab];
  await openTab(page, tab);
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${noun} Option` });
  await dialog.getByLabel('ID', { exact: true }).fill(option.id);
  await dialog.getByLabel('Name', { exact: true }).fill(option.name);
  if (option.description)
    await dialog.getByLabel('Description', { exact: true }).fill(option.description);
  if (option.price) await dialog.getByLabel('Price (€)', { exact: true }).fill(option.price);
  await dialog.getByRole('button', { name: `Create ${noun.toLowerCase()} option` }).click();
  await expectToast(page, 'Success', `${noun} option created successfully`);
  await expect(entry(page, `${noun} options`, option.name)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/menu-management');
  await expect(page.getByRole('heading', { name: 'Menu Editor' })).toBeVisible();
});

test('six tabs, each with its list and Add button, reachable by the arrow keys', async ({
  page,
}) => {
  const tablist = page.getByRole('tablist', { name: 'Menu Editor' });
  await expect(tablist.getByRole('tab')).toHaveText([
    'Items',
    'Categories',
    'Breads',
    'Sauces',
    'Add-ons',
    'Discounts',
  ]);
  const panels: [string, string, string][] = [
    ['Items', 'Menu items', 'Add Item'],
    ['Categories', 'Categories', 'Add Category'],
    ['Breads', 'Bread options', 'Add Bread'],
    ['Sauces', 'Sauce options', 'Add Sauce'],
    ['Add-ons', 'Add-on options', 'Add Add-on'],
    ['Discounts', 'Discounts', 'Add Discount'],
  ];
  for (const [tab, list, add] of panels) {
    await openTab(page, tab);
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.getByRole('button', { name: add })).toBeVisible();
    // The demo menu has entries in every list but the discounts.
    if (tab !== 'Discounts') await expect(panel.getByRole('table', { name: list })).toBeVisible();
  }

  // Keyboard: the arrows move between tabs and wrap around; the tab is kept in the address.
  await page.getByRole('tab', { name: 'Discounts' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Items' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Discounts' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/tab=discounts/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Discounts' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('categories: create, edit, refuse to delete one with items, delete, and reorder', async ({
  page,
}) => {
  // Two categories, an item and a reload: the suite's 90 s ceiling (playwright.config.ts).
  const first = { id: `cat-a-${run}`, name: `Alpha ${run}`, icon: '🥪' };
  const second = { id: `cat-b-${run}`, name: `Bravo ${run}`, icon: '🌮' };

  // Spec §5: id, name and icon are required.
  await openTab(page, 'Categories');
  await page.getByRole('button', { name: 'Add Category' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Category' });
  await addDialog.getByRole('button', { name: 'Create category' }).click();
  await expectToast(page, 'Error', 'Please fill in all required fields');
  await expect(addDialog.getByLabel('Icon', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await addDialog.getByRole('button', { name: 'Cancel' }).click();

  await createCategory(page, first);
  await createCategory(page, second);

  // Edit: the id cannot change; the new name shows in the list.
  await page.getByRole('button', { name: `Edit ${second.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByLabel('ID', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('ID', { exact: true })).toHaveValue(second.id);
  second.name = `Bravo renamed ${run}`;
  await edit.getByLabel('Name', { exact: true }).fill(second.name);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Success', 'Category updated successfully');
  await expect(entry(page, 'Categories', second.name)).toBeVisible();

  // New categories go last; the up button moves the second above the first, and it stays.
  const names = () =>
    page.getByRole('table', { name: 'Categories' }).getByRole('row').allInnerTexts();
  const order = async () => {
    const rows = await names();
    return [
      rows.findIndex((row) => row.includes(first.name)),
      rows.findIndex((row) => row.includes(second.name)),
    ];
  };
  const [a, b] = await order();
  expect(b).toBe(a! + 1);
  await page.getByRole('button', { name: `Move ${second.name} up` }).click();
  await expect(page.getByRole('button', { name: `Move ${second.name} up` })).toBeFocused();
  await expect.poll(order).toEqual([b, a]);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(entry(page, 'Categories', first.name)).toBeVisible();
  await expect.poll(order).toEqual([b, a]);
  // And back, by the down button: the demo menu's order is as it was.
  await page.getByRole('button', { name: `Move ${second.name} down` }).click();
  await expect.poll(order).toEqual([a, b]);

  // A category that still has items is kept, and the server says how many (409).
  await openTab(page, 'Items');
  const itemName = `Holder ${run}`;
  await page.getByRole('button', { name: 'Add Item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await itemDialog.getByLabel('ID', { exact: true }).fill(`holder-${run}`);
  await itemDialog.getByLabel('Name', { exact: true }).fill(itemName);
  await itemDialog.getByLabel('Category', { exact: true }).selectOption(first.id);
  await itemDialog.getByRole('button', { name: 'Create item' }).click();
  await expectToast(page, 'Success', 'Menu item created successfully');

  await openTab(page, 'Categories');
  await page.getByRole('button', { name: `Delete ${first.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete category?' });
  await expect(confirm).toContainText(first.name);
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Delete Failed', /still has 1 item/);
  await expect(entry(page, 'Categories', first.name)).toBeVisible();

  // Emptied, it goes.
  await openTab(page, 'Items');
  await deleteEntry(page, 'Menu items', itemName, 'menu item');
  await expectToast(page, 'Success', 'Menu item deleted successfully');
  await openTab(page, 'Categories');
  await deleteEntry(page, 'Categories', first.name, 'category');
  await expectToast(page, 'Success', 'Category deleted successfully');
  await deleteEntry(page, 'Categories', second.name, 'category');
});

test('an item with allergens, tags and options; POS availability; sold out until a time; cards on a phone', async ({
  page,
}) => {
  // A long journey: past 60 s on CI with the machine at three times its cores' load.
  test.setTimeout(150_000);
  const category = { id: `grill-${run}`, name: `Grill ${run}`, icon: '🔥' };
  const bread = { id: `rye-${run}`, name: `Rye ${run}`, description: 'Dark and sour' };
  const sauce = { id: `chipotle-${run}`, name: `Chipotle ${run}` };
  const addOn = { id: `jalapenos-${run}`, name: `Jalapeños ${run}`, price: '0.75' };
  const item = { id: `brisket-${run}`, name: `Brisket ${run}` };

  await createCategory(page, category);
  await createOption(page, 'Breads', bread);
  await createOption(page, 'Sauces', sauce);
  await createOption(page, 'Add-ons', addOn);
  await expect(entry(page, 'Add-on options', addOn.name)).toContainText('€0.75');

  // Spec §5: id, name and category are required; a price that does not parse counts as 0.
  await openTab(page, 'Items');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await dialog.getByLabel('Name', { exact: true }).fill(item.name);
  await dialog.getByRole('button', { name: 'Create item' }).click();
  await expectToast(page, 'Error', 'Please fill in all required fields');
  await expect(dialog.getByLabel('ID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // A file that is not an image is refused before any upload.
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'menu.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expectToast(page, 'Invalid File Type', 'Please select an image file (JPG, PNG, GIF, etc.)');

  await dialog.getByLabel('ID', { exact: true }).fill(item.id);
  await dialog.getByLabel('Description', { exact: true }).fill('Twelve hours over oak');
  await dialog.getByLabel('Price (€)', { exact: true }).fill('12.5');
  await dialog.getByLabel('Price (€)', { exact: true }).blur();
  await expect(dialog.getByLabel('Price (€)', { exact: true })).toHaveValue('12.50');
  await dialog.getByLabel('Category', { exact: true }).selectOption(category.id);
  // Decision 026: a new item is 1 prep unit unless told.
  await expect(dialog.getByLabel('Prep units', { exact: true })).toHaveValue('1');
  await dialog.getByRole('switch', { name: 'Popular' }).click();
  const allergens = dialog.getByRole('group', { name: 'Allergens' });
  await allergens.getByLabel('Cereals containing gluten', { exact: true }).check();
  await allergens.getByLabel('Mustard', { exact: true }).check();
  await dialog
    .getByRole('group', { name: 'Dietary tags' })
    .getByLabel('Spicy', { exact: true })
    .check();
  await dialog
    .getByRole('group', { name: 'Breads' })
    .getByLabel(bread.name, { exact: true })
    .check();
  await dialog
    .getByRole('group', { name: 'Sauces' })
    .getByLabel(sauce.name, { exact: true })
    .check();
  await dialog.getByRole('group', { name: 'Add-ons' }).getByLabel(addOn.name).check();
  await dialog.getByRole('button', { name: 'Create item' }).click();
  await expectToast(page, 'Success', 'Menu item created successfully');
  await expect(dialog).toBeHidden();

  const row = entry(page, 'Menu items', item.name);
  await expect(row).toContainText('€12.50');
  await expect(row).toContainText(category.name);
  await expect(row).toContainText('Popular');

  // The edit dialog shows what was saved, links included.
  await page.getByRole('button', { name: `Edit ${item.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await expect(edit.getByLabel('ID', { exact: true })).toBeDisabled();
  // A price shows two decimals, in the form as everywhere: "12.50", not "12.5".
  await expect(edit.getByLabel('Price (€)', { exact: true })).toHaveValue('12.50');
  await expect(edit.getByLabel('Cereals containing gluten', { exact: true })).toBeChecked();
  await expect(edit.getByLabel('Mustard', { exact: true })).toBeChecked();
  await expect(edit.getByLabel('Milk', { exact: true })).not.toBeChecked();
  await expect(edit.getByLabel('Spicy', { exact: true })).toBeChecked();
  await expect(
    edit.getByRole('group', { name: 'Breads' }).getByLabel(bread.name, { exact: true }),
  ).toBeChecked();
  await expect(
    edit.getByRole('group', { name: 'Sauces' }).getByLabel(sauce.name, { exact: true }),
  ).toBeChecked();
  await expect(edit.getByRole('group', { name: 'Add-ons' }).getByLabel(addOn.name)).toBeChecked();
  await edit.getByLabel('Price (€)', { exact: true }).fill('13');
  await edit.getByLabel('Prep units', { exact: true }).fill('3');
  await edit.getByRole('switch', { name: 'Hidden' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Success', 'Menu item updated successfully');
  await expect(row).toContainText('€13.00');
  await expect(row).toContainText('Hidden');
  await page.getByRole('button', { name: `Edit ${item.name}` }).click();
  await expect(edit.getByLabel('Prep units', { exact: true })).toHaveValue('3');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // The availability switch (the spec's "POS availability") takes the item off every channel,
  // and says so.
  const available = row.getByRole('switch', { name: `${item.name} available on every channel` });
  await expect(available).toHaveAttribute('aria-checked', 'true');
  await expect(available).toContainText('Available');
  await available.click();
  await expectToast(page, 'Success', `${item.name} is hidden everywhere`);
  await expect(available).toHaveAttribute('aria-checked', 'false');
  await expect(available).toContainText('Hidden everywhere');
  await expect(row).not.toContainText('POS');

  // Sold out until a time of day, on the shop's clock; then back on sale.
  await row.getByRole('button', { name: `Sold out options for ${item.name}` }).click();
  const soldOut = page.getByRole('dialog', { name: 'Sold out' });
  await expect(soldOut.getByLabel('Back on sale', { exact: true })).toBeDisabled();
  await soldOut.getByLabel('Until…', { exact: true }).check();
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expect(soldOut.getByText('Enter a time as HH:MM')).toBeVisible();
  await soldOut.getByLabel('Back on sale at', { exact: true }).fill('18:00');
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expect(soldOut).toBeHidden();
  await expect(row).toContainText('Sold out · back at 18:00');

  await row.getByRole('button', { name: `Sold out options for ${item.name}` }).click();
  await soldOut.getByLabel('Until I turn it back on', { exact: true }).check();
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expect(row).toContainText('Sold out · until turned back on');

  // A phone shows the same items as cards, with the same controls.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Menu items' })).toBeHidden();
  const card = page.getByRole('list', { name: 'Menu items' }).getByRole('listitem').filter({
    hasText: item.name,
  });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Sold out · until turned back on');
  await expect(
    card.getByRole('switch', { name: `${item.name} available on every channel` }),
  ).toBeVisible();
  await card.getByRole('button', { name: `Sold out options for ${item.name}` }).click();
  await soldOut.getByLabel('Back on sale', { exact: true }).check();
  await soldOut.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Success', `${item.name} is back on sale`);
  await expect(card).not.toContainText('Sold out ·');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Clean up: the item, then what it used.
  await deleteEntry(page, 'Menu items', item.name, 'menu item');
  await openTab(page, 'Categories');
  await deleteEntry(page, 'Categories', category.name, 'category');
  await openTab(page, 'Breads');
  await deleteEntry(page, 'Bread options', bread.name, 'bread option');
  await expectToast(page, 'Success', 'Bread option deleted successfully');
  await openTab(page, 'Sauces');
  await deleteEntry(page, 'Sauce options', sauce.name, 'sauce option');
  await openTab(page, 'Add-ons');
  await deleteEntry(page, 'Add-on options', addOn.name, 'add-on option');
});

test('discounts: required fields, at most 100 %, create, disable and enable, delete', async ({
  page,
}) => {
  const name = `Lunch deal ${run}`;
  await openTab(page, 'Discounts');
  await page.getByRole('button', { name: 'Add Discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount' });

  // Spec §5: id, name, description and a value above 0; a percentage at most 100.
  await dialog.getByRole('button', { name: 'Create discount' }).click();
  await expectToast(
    page,
    'Error',
    'Please fill in all required fields and ensure value is greater than 0',
  );
  await dialog.getByLabel('ID', { exact: true }).fill(`lunch-${run}`);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description', { exact: true }).fill('Weekday lunches');
  await dialog.getByLabel('Value (%)', { exact: true }).fill('150');
  await dialog.getByRole('button', { name: 'Create discount' }).click();
  await expectToast(page, 'Error', 'Percentage discount cannot exceed 100%');
  await expect(dialog.getByLabel('Value (%)', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await dialog.getByLabel('Value (%)', { exact: true }).fill('15');
  await dialog.getByLabel('Minimum order (€)', { exact: true }).fill('10');
  const days = dialog.getByRole('group', { name: 'Days of the week' });
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await days.getByLabel(day, { exact: true }).check();
  await dialog.getByLabel('From time', { exact: true }).fill('11:00');
  await dialog.getByLabel('To time', { exact: true }).fill('14:00');
  await dialog.getByRole('button', { name: 'Create discount' }).click();
  await expectToast(page, 'Success', 'Discount created successfully');

  const row = entry(page, 'Discounts', name);
  await expect(row).toContainText('15%');
  await expect(row).toContainText('€10.00');
  await expect(row).toContainText('Mon, Tue, Wed, Thu, Fri · 11:00–14:00');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await expectToast(page, 'Success', 'discount status updated successfully');
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(row.getByRole('button', { name: `Disable ${name}` })).toBeVisible();
  await expect(row).not.toContainText('Inactive');

  // A fixed amount is in euros, and may exceed 100.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Discount' });
  await edit.getByLabel('Type', { exact: true }).selectOption('fixed_amount');
  await edit.getByLabel('Value (€)', { exact: true }).fill('2.5');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Success', 'Discount updated successfully');
  await expect(row).toContainText('€2.50 off');

  await deleteEntry(page, 'Discounts', name, 'discount');
  await expectToast(page, 'Success', 'Discount deleted successfully');
});
