/**
 * Which Playwright project, and so which screen size, each end-to-end spec runs in: the back office
 * and the kitchen at desktop width (1280x800), the storefront on a phone. Written out by hand, not
 * read from playwright.config.ts: moving a spec to the other project, or changing a size, fails
 * here until this table changes on purpose. A new spec fails here too until it is placed in the
 * table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../playwright.config.ts';

const E2E_DIR = path.resolve(import.meta.dirname, 'e2e');

const DESKTOP = [
  'back-office-access',
  'back-office-calendar-analytics',
  'back-office-dashboard',
  // Sets its own 390x844 phone viewport over the desktop project.
  'back-office-on-a-phone',
  'back-office-delivery-platforms',
  // Its own server and a fake Wolt: sold out sent, Push menu, the read-back and Fix (decision 027).
  'back-office-platform-sync',
  // Its own server with the kitchen watchdog on short test times (decision 023).
  'back-office-kitchen-watchdog',
  'back-office-qr-codes',
  // Refund from Order Details at tablet width (1024x768, set by the spec), then the Z report.
  'back-office-refund',
  'back-office-shop-hours',
  // Sets a Pixel 7's viewport over the desktop project for its phone half.
  'back-office-shop-settings',
  'back-office-staff',
  'kitchen-display',
  // Pickup times: a scheduled order under Later, then New at its start (decision 026).
  'kitchen-later',
  'kitchen-never-miss',
  'kitchen-platform-orders',
  // A failing receipt printer on the kitchen display (decision 028).
  'kitchen-printer',
  'kitchen-wolt-journey',
  'menu-editor',
  'menu-editor-journey',
  'notification-test',
  // The counter: the specs set their own 1024x768 touch viewport over the desktop project.
  'pos-cash-up',
  'pos-counter',
  // The admin POS on a 10-inch tablet at 1280x800 and 1024x768, and at 1920x1080.
  'pos-tablet-layout',
  'realtime-two-processes',
];
const PHONE = [
  'accessibility-every-page',
  'checkout-accessibility',
  'checkout-confirmation',
  'checkout-page',
  'checkout-payment',
  'customer-journey',
  'customer-pages-wording',
  // What a first visit downloads, with a phone's profile; the back office in its own context.
  'javascript-budget',
  'live-order-status',
  'live-status-for-everyone',
  'navigation-scroll',
  'order-events-crash',
  // Pickup times (decision 026): a later slot chosen at checkout, shown on the confirmation.
  'pickup-time',
  // No browser: a server killed and restarted, against the fake Viva.
  'refund-crash',
  'pwa',
  'pwa-offline-first-visit',
  'pwa-update',
  'routing',
  'server-start',
  'storefront-home',
  'storefront-ordering',
  'table-ordering',
  'test-mode-ribbon',
  'toasts',
  'tracking-page',
  // The receipt at phone width; its Z report part sets its own 1280x800 viewport.
  'vat-receipts',
];

type Patterns = string | RegExp | (string | RegExp)[] | undefined;
const list = (patterns: Patterns) =>
  patterns === undefined ? [] : Array.isArray(patterns) ? patterns : [patterns];
/** Playwright matches these patterns against the spec's absolute path. */
const matches = (patterns: Patterns, file: string) =>
  list(patterns).some((pattern) =>
    typeof pattern === 'string' ? file.endsWith(pattern) : pattern.test(file),
  );

const projects = config.projects ?? [];
const project = (name: string) => projects.find((candidate) => candidate.name === name)!;

/** The projects that run a spec: its testMatch (when it has one) matches and no testIgnore does. */
function projectsOf(spec: string): string[] {
  const file = path.join(E2E_DIR, `${spec}.spec.ts`);
  return projects
    .filter(
      (candidate) =>
        (candidate.testMatch === undefined || matches(candidate.testMatch, file)) &&
        !matches(candidate.testIgnore, file),
    )
    .map((candidate) => candidate.name!);
}

describe('the Playwright projects, pinned', () => {
  it('has a desktop project at 1280x800 and a phone project at 412x839', () => {
    expect(projects.map((candidate) => candidate.name)).toEqual([
      'chromium-desktop',
      'chromium-phone',
    ]);
    expect(project('chromium-desktop').use?.viewport).toEqual({ width: 1280, height: 800 });
    expect(project('chromium-desktop').use?.isMobile).toBeFalsy();
    expect(project('chromium-phone').use).toMatchObject({
      viewport: { width: 412, height: 839 },
      isMobile: true,
      hasTouch: true,
    });
  });

  it('places every spec in this table', () => {
    const specs = fs
      .readdirSync(E2E_DIR)
      .filter((name) => name.endsWith('.spec.ts'))
      .map((name) => name.replace(/\.spec\.ts$/, ''))
      .sort();
    expect(specs).toEqual([...DESKTOP, ...PHONE].sort());
  });

  it.each(DESKTOP)('runs %s at desktop width only', (spec) => {
    expect(projectsOf(spec)).toEqual(['chromium-desktop']);
  });

  it.each(PHONE)('runs %s at phone width only', (spec) => {
    expect(projectsOf(spec)).toEqual(['chromium-phone']);
  });
});
