import type { Page } from '@playwright/test';

/**
 * Waits until every animation that ends has ended: axe reads colours as painted, and a dialog or
 * a toast fading in has, for a moment, the contrast of its half-drawn self. Endless animations
 * (spinners, a live dot) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
