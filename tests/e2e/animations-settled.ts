import type { Page } from '@playwright/test';

/**
 * Waits until every animation that ends has ended, and none has begun for two frames after:
 * axe reads colours as painted, and a dialog or a toast fading in, or a button's colour easing
 * in when its data arrives (a pressed segment's white on ember, 150 ms), has for a moment the
 * contrast of its half-drawn self. Endless animations (spinners, a live dot) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            (animation.playState === 'running' || animation.pending) &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Bounded: a page that keeps starting animations is scanned as it is after 50 rounds.
    for (let round = 0; round < 50; round += 1) {
      const now = running();
      if (now.length > 0) {
        await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
        continue;
      }
      await frame();
      await frame();
      if (running().length === 0) return;
    }
  });
}

/**
 * Ready for an axe scan: colour transitions off, then every animation settled. Data that
 * arrives while axe reads the page (a query still in flight when the heading showed, a live
 * change from another spec on the shared server) would otherwise ease a pressed segment from
 * transparent to ember for 150 ms and be read half-drawn, after animationsSettled had found
 * nothing running (seen in CI at phone width: the dashboard's busy-mode segment). The style
 * lasts until the page navigates.
 */
export async function settledForAxe(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await animationsSettled(page);
}
