/**
 * Shop Hours Management (spec back-office §2, §4, §5, §8). Every test puts the week back as it
 * found it: the other specs expect the demo shop open around the clock.
 */
import type { Page } from '@playwright/test';
import { WEEKDAYS, type Weekday, type WeekHours } from '../../src/shared/shop-hours/shop-hours.ts';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

let original: WeekHours = {};

/** A day two days from the shop's today, so the edits never change whether it is open now. */
async function dayToEdit(page: Page): Promise<{ day: Weekday; label: string }> {
  const status = (await (await page.request.get('/api/shop-status')).json()) as { today: Weekday };
  const day = WEEKDAYS[(WEEKDAYS.indexOf(status.today) + 2) % WEEKDAYS.length]!;
  return { day, label: day.charAt(0).toUpperCase() + day.slice(1) };
}

test.beforeEach(async ({ page }) => {
  await logInAsAdmin(page);
  original = (await (await page.request.get('/api/admin/shop-hours')).json()) as WeekHours;
});

test.afterEach(async ({ page }) => {
  for (const day of WEEKDAYS) {
    const hours = original[day];
    if (!hours) continue;
    const response = await page.request.put(`/api/admin/shop-hours/${day}`, { data: hours });
    expect(response.ok(), `restoring ${day}`).toBe(true);
  }
});

test('an admin edits a day’s two shifts and the week shows the new hours', async ({ page }) => {
  const { day, label } = await dayToEdit(page);
  await page.goto('/shop-hours');
  await expect(page.getByRole('heading', { name: 'Shop Hours Management' })).toBeVisible();
  // The demo shop is open around the clock.
  await expect(page.getByText('Open Now')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Status' })).toBeVisible();
  await expect(page.getByText('(Today)')).toBeVisible();

  const row = page.getByRole('listitem', { name: label });
  await expect(row).toContainText('00:00 - 12:00, 12:00 - 00:00');
  await row.getByRole('button', { name: `Edit ${label}` }).click();

  const shift1 = row.getByRole('group', { name: 'Shift 1 (Morning/Lunch)' });
  const shift2 = row.getByRole('group', { name: 'Shift 2 (Evening/Dinner)' });
  await expect(shift1.getByRole('switch', { name: 'Shift 1 open' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(shift1.getByLabel('Opening time')).toHaveValue('00:00');
  await shift1.getByLabel('Opening time').fill('10:00');
  await shift1.getByLabel('Closing time').fill('14:30');
  await shift2.getByLabel('Opening time').fill('17:00');
  await shift2.getByLabel('Closing time').fill('01:30');
  // A closing time before the opening time runs past midnight, and the screen says so.
  await expect(shift2.getByText('Closes at 01:30 the next day')).toBeVisible();

  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Hours Updated')).toBeVisible();
  await expect(
    page.getByText('Shop hours for the day have been updated successfully'),
  ).toBeVisible();
  await expect(row).toContainText('10:00 - 14:30, 17:00 - 01:30 (next day)');
  await expect(row.getByText('Open', { exact: true })).toBeVisible();

  // Turning both shifts off closes the day.
  await row.getByRole('button', { name: `Edit ${label}` }).click();
  await shift1.getByRole('switch', { name: 'Shift 1 open' }).click();
  await shift2.getByRole('switch', { name: 'Shift 2 open' }).click();
  await expect(shift1.getByLabel('Opening time')).toHaveCount(0);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: `Edit ${label}` })).toBeVisible();
  await expect(row).toContainText('Closed all day');
  await expect(row.getByText('Closed', { exact: true })).toBeVisible();

  // The server agrees.
  const saved = (await (await page.request.get('/api/admin/shop-hours')).json()) as WeekHours;
  expect(saved[day]).toEqual({
    shift1: { open: '10:00', close: '14:30', isOpen: false },
    shift2: { open: '17:00', close: '01:30', isOpen: false },
  });
});

test('an open shift needs both times, and Cancel keeps the saved hours', async ({ page }) => {
  const { label } = await dayToEdit(page);
  await page.goto('/shop-hours');
  const row = page.getByRole('listitem', { name: label });
  await row.getByRole('button', { name: `Edit ${label}` }).click();

  // One day at a time: the other days cannot be edited meanwhile.
  const other = WEEKDAYS.map((day) => day.charAt(0).toUpperCase() + day.slice(1)).find(
    (name) => name !== label,
  )!;
  await expect(page.getByRole('button', { name: `Edit ${other}` })).toBeDisabled();

  const shift1 = row.getByRole('group', { name: 'Shift 1 (Morning/Lunch)' });
  await shift1.getByLabel('Closing time').fill('');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(
    row.getByText('Please set both opening and closing times for Shift 1'),
  ).toBeVisible();

  const shift2 = row.getByRole('group', { name: 'Shift 2 (Evening/Dinner)' });
  await shift2.getByLabel('Opening time').fill('');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(
    row.getByText('Please set both opening and closing times for Shift 2'),
  ).toBeVisible();
  await expect(page.getByText('Hours Updated')).toHaveCount(0);

  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('00:00 - 12:00, 12:00 - 00:00');
  await expect(page.getByRole('button', { name: `Edit ${other}` })).toBeEnabled();
});

test('a day without times offers the spec’s default shifts', async ({ page }) => {
  const { day, label } = await dayToEdit(page);
  const closed = { open: null, close: null, isOpen: false };
  const response = await page.request.put(`/api/admin/shop-hours/${day}`, {
    data: { shift1: closed, shift2: closed },
  });
  expect(response.ok()).toBe(true);

  await page.goto('/shop-hours');
  const row = page.getByRole('listitem', { name: label });
  await expect(row).toContainText('Closed all day');
  await row.getByRole('button', { name: `Edit ${label}` }).click();

  const shift1 = row.getByRole('group', { name: 'Shift 1 (Morning/Lunch)' });
  const shift2 = row.getByRole('group', { name: 'Shift 2 (Evening/Dinner)' });
  await expect(shift1.getByRole('switch', { name: 'Shift 1 open' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await shift1.getByRole('switch', { name: 'Shift 1 open' }).click();
  await shift2.getByRole('switch', { name: 'Shift 2 open' }).click();
  await expect(shift1.getByLabel('Opening time')).toHaveValue('09:00');
  await expect(shift1.getByLabel('Closing time')).toHaveValue('15:00');
  await expect(shift2.getByLabel('Opening time')).toHaveValue('18:00');
  await expect(shift2.getByLabel('Closing time')).toHaveValue('22:00');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Hours Updated')).toBeVisible();
  await expect(row).toContainText('09:00 - 15:00, 18:00 - 22:00');
});

// Capacity per shift (decision 026): a shift may make more or fewer prep units than the shop.
test('a shift gets its own kitchen capacity; a wrong one is refused on the spot', async ({
  page,
}) => {
  const { day, label } = await dayToEdit(page);
  await page.goto('/shop-hours');
  const row = page.getByRole('listitem', { name: label });
  await row.getByRole('button', { name: `Edit ${label}` }).click();
  const shift1 = row.getByRole('group', { name: 'Shift 1 (Morning/Lunch)' });
  const capacity = shift1.getByLabel('Kitchen capacity');
  // None of its own yet: the shop's.
  await expect(capacity).toHaveValue('');

  await capacity.fill('0');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(
    row.getByText('Please enter a whole number of prep units from 1 to 500.'),
  ).toBeVisible();
  await expect(page.getByText('Hours Updated')).toHaveCount(0);

  await capacity.fill('6');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Hours Updated')).toBeVisible();
  await expect(row).toContainText('00:00 - 12:00 (6 prep units / 15 min), 12:00 - 00:00');
  const saved = (await (await page.request.get('/api/admin/shop-hours')).json()) as WeekHours;
  expect(saved[day]?.shift1).toEqual({
    open: '00:00',
    close: '12:00',
    isOpen: true,
    unitsPerSlot: 6,
  });

  // Emptied, the shift takes the shop's capacity again.
  await row.getByRole('button', { name: `Edit ${label}` }).click();
  await expect(capacity).toHaveValue('6');
  await capacity.fill('');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('00:00 - 12:00, 12:00 - 00:00');
  await expect(row.getByRole('button', { name: `Edit ${label}` })).toBeVisible();
});
