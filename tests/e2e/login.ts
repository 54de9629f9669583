/**
 * Logging in without the login screen (epic-stack's tests/playwright-utils.ts idea): the
 * session comes from the login API through the page's own cookie jar, then the page opens the
 * back office. The e2e server owns its embedded database, so the session cannot be written
 * there directly; the API call still skips loading and typing into /login in every test.
 * The login screen itself is tested in back-office-access.spec.ts.
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

interface LogInOptions {
  /** A spec's own server (server-process.ts); the worker's server (fixtures.ts) when not given. */
  baseUrl?: string;
  password?: string;
  /** Where the page goes once signed in; null to stay where it is. */
  landing?: string | null;
}

async function postLogin(page: Page, url: string, data: Record<string, string>): Promise<void> {
  const response = await page.context().request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
}

async function land(page: Page, baseUrl: string, landing: string | null): Promise<void> {
  if (landing === null) return;
  await page.goto(`${baseUrl}${landing}`);
  await expect(page).toHaveURL(`${baseUrl}${landing}`);
}

/** The first admin (ADMIN_PASSWORD), on /admin unless told otherwise. */
export async function logInAsAdmin(
  page: Page,
  { baseUrl = '', password = E2E_ADMIN_PASSWORD, landing = '/admin' }: LogInOptions = {},
): Promise<void> {
  await postLogin(page, `${baseUrl}/api/auth/login`, { password });
  await land(page, baseUrl, landing);
}

/** A staff account by username (POST /api/staff/login), on `landing` if given. */
export async function logInAsStaff(
  page: Page,
  account: { username: string; password: string },
  { baseUrl = '', landing = null }: Omit<LogInOptions, 'password'> = {},
): Promise<void> {
  await postLogin(page, `${baseUrl}/api/staff/login`, account);
  await land(page, baseUrl, landing);
}
