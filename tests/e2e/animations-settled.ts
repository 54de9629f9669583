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
