/**
 * Staff Management (spec back-office §2, §5, §8; DESIGN.md departures 2 and 3): accounts made on
 * the page log in on their own pages and reach only their own screens, and a password is shown
 * once, never listed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { logInAsAdmin } from './login.ts';

/** Usernames of this run, so a rerun on the same server never collides. */
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function openStaffManagement(page: Page) {
  await page.goto('/staff-management');
  await expect(page.getByRole('heading', { name: 'Staff Management' })).toBeVisible();
}

/** The cards of the staff list (a phone shows cards; toasts are list items too). */
/** One entry per user: table rows on a laptop, cards on a phone (only one of them shows). */
const staffList = (page: Page) =>
  page
    .getByRole('table', { name: 'Staff users' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Staff users' }).getByRole('listitem'));

interface NewUser {
  name: string;
  username: string;
  password: string;
}

/** Fills the create dialog opened by `button`, saves, and closes the one-time password display. */
async function addUser(page: Page, button: 'Add Staff' | 'Add Kitchen User', user: NewUser) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByLabel('Name', { exact: true }).fill(user.name);
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Staff User Created')).toBeVisible();

  const handover = page.getByRole('dialog', { name: 'Password set' });
  await expect(handover.getByText(user.password)).toBeVisible();
  await handover.getByRole('button', { name: 'Done' }).click();
  await expect(handover).toBeHidden();
  // Shown once: nothing on the page can show it again.
  await expect(page.locator('body')).not.toContainText(user.password);
}

async function logInWithUsername(page: Page, loginPath: string, user: NewUser) {
  await page.goto(loginPath);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('staff and kitchen users made on Staff Management log in and reach only their own screens', async ({
  page,
}) => {
  // Two accounts (slow salted hashes on purpose) and three logins: a ceiling above the suite's 90 s.
  test.setTimeout(150_000);
  const staffUser = { name: 'Pat Counter', username: `pat-${run}`, password: `counter-${run}-pw` };
  const kitchenUser = { name: 'Kim Grill', username: `kim-${run}`, password: `kitchen-${run}-pw` };

  await logInAsAdmin(page);
  await openStaffManagement(page);

  // Spec §9: a new account is role staff and active by default; the shortcut presets kitchen.
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Add Staff' });
  await expect(createDialog.getByLabel('Role')).toHaveValue('staff');
  await expect(createDialog.getByRole('switch', { name: 'Active' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await createDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add Kitchen User' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Add Kitchen User' }).getByLabel('Role'),
  ).toHaveValue('kitchen');
  await page
    .getByRole('dialog', { name: 'Add Kitchen User' })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await addUser(page, 'Add Staff', staffUser);
  await addUser(page, 'Add Kitchen User', kitchenUser);

  const staffRow = staffList(page).filter({ hasText: staffUser.username });
  await expect(staffRow).toContainText(staffUser.name);
  await expect(staffRow).toContainText('Staff');
  await expect(
    staffRow.getByRole('switch', { name: `${staffUser.username} active` }),
  ).toHaveAttribute('aria-checked', 'true');
  await expect(staffList(page).filter({ hasText: kitchenUser.username })).toContainText('Kitchen');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');

  // The staff user reaches the point of sale, and nothing of the kitchen or the back office.
  await logInWithUsername(page, '/staff-login', staffUser);
  await expect(page).toHaveURL('/staff-pos');
  await expect(page.getByRole('heading', { name: 'Staff Point of Sale' })).toBeVisible();
  await page.goto('/kitchen');
  await expect(page).toHaveURL('/kitchen-login');
  for (const adminPath of ['/admin', '/staff-management', '/shop-hours', '/settings']) {
    await page.goto(adminPath);
    await expect(page).toHaveURL('/login');
  }

  // The kitchen user reaches the kitchen display.
  await logInWithUsername(page, '/kitchen-login', kitchenUser);
  await expect(page).toHaveURL('/kitchen');
  await expect(page.getByRole('heading', { name: 'Kitchen Display' })).toBeVisible();
});

test('the staff form requires every field, a new password is shown once, and delete asks first', async ({
  page,
}) => {
  const user = { name: 'Robin Temp', username: `robin-${run}`, password: `first-${run}-pw` };
  await logInAsAdmin(page);
  await openStaffManagement(page);

  // Spec §5: username, password and name are required.
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff' });
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('All fields are required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(user.name);
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('All fields are required')).toBeVisible();

  // The password can be shown while typing it.
  const passwordInput = dialog.getByLabel('Password', { exact: true });
  await passwordInput.fill(user.password);
  await expect(passwordInput).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordInput).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Staff User Created')).toBeVisible();
  const handover = page.getByRole('dialog', { name: 'Password set' });
  await expect(handover.getByText(user.password)).toBeVisible();
  await handover.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('body')).not.toContainText(user.password);

  // Editing never shows the stored password; a new one is shown once after saving.
  await page.getByRole('button', { name: `Edit ${user.username}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Staff User' });
  await expect(edit.getByLabel('Username')).toHaveValue(user.username);
  await expect(edit.getByLabel('Set a new password')).toHaveValue('');
  const newPassword = `second-${run}-pw`;
  await edit.getByLabel('Set a new password').fill(newPassword);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Staff User Updated')).toBeVisible();
  await expect(handover.getByText(newPassword)).toBeVisible();
  await handover.getByRole('button', { name: 'Done' }).click();
  await expect(handover).toBeHidden();
  await expect(page.locator('body')).not.toContainText(newPassword);
  await page.getByRole('button', { name: `Edit ${user.username}` }).click();
  await expect(edit.getByLabel('Set a new password')).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The active toggle of the row.
  const active = page.getByRole('switch', { name: `${user.username} active` });
  await active.click();
  await expect(active).toHaveAttribute('aria-checked', 'false');
  await expect(staffList(page).filter({ hasText: user.username })).toContainText('Inactive');

  // Delete asks first, and says it cannot be undone.
  await page.getByRole('button', { name: `Delete ${user.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete staff user?' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: `Delete ${user.username}` })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${user.username}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Staff User Deleted')).toBeVisible();
  await expect(staffList(page).filter({ hasText: user.username })).toHaveCount(0);
});

test('the last active admin cannot be deleted or deactivated, and the page says why', async ({
  page,
}) => {
  await logInAsAdmin(page);
  // The e2e server's only admin is the first one, the signed-in "You".
  await openStaffManagement(page);
  const me = staffList(page).filter({ hasText: 'You' });
  await expect(me).toHaveCount(1);
  const reason = 'This is the last active admin account: add another admin first.';
  await expect(me.getByText(reason)).toBeVisible();
  const active = me.getByRole('switch', { name: /active$/ });
  await expect(active).toBeDisabled();
  await expect(active).toHaveAccessibleDescription(reason);
  const remove = me.getByRole('button', { name: /^Delete / });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(reason);
  await page.screenshot({ path: test.info().outputPath('last-admin-desktop.png') });
  // A phone shows cards: the same.
  await page.setViewportSize({ width: 412, height: 915 });
  await expect(me.getByText(reason)).toBeVisible();
  await expect(me.getByRole('button', { name: /^Delete / })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('last-admin-phone.png'), fullPage: true });
});
