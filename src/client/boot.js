/**
 * The script of the pages whose first screen the build writes into their HTML (`/`, `/track`,
 * `/checkout`; vite.config.ts `firstPaintHtml`, decision 016 "Prerendered first screen"). It
 * waits until the phone has painted that screen, its pictures and fonts included, and only then
 * fetches the app (the page names it in <meta name="app-script">), so the first paint has the
 * line to itself. The app then replaces the screen with the same one, live (main.tsx). Every
 * other page loads the app directly.
 *
 * Plain JavaScript, minified into an asset of its own by the build: it must not wait for the
 * app's own chunks.
 */
/** At most this long for the written screen's pictures and fonts: a broken or slow one does not hold the app. */
const FIRST_SCREEN_WAIT_MS = 3000;

function firstContentfulPaint() {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

async function firstScreenShown() {
  const written = document.querySelector('[data-prerendered]');
  // A page opened in a background tab is not painted until it is shown.
  if (!written || document.visibilityState === 'hidden') return;
  const pictures = Array.from(written.querySelectorAll('img'), (img) =>
    img.decode().catch(() => undefined),
  );
  const shown = async () => {
    await firstContentfulPaint();
    // Then the fonts that paint asked for (only then are they loading): text drawn again in a
    // font that has just arrived is a paint of its own, and the app's copy of the screen should
    // not be the one that makes it.
    await Promise.all([document.fonts.ready, ...pictures]);
  };
  await Promise.race([
    shown(),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]);
}

void firstScreenShown().then(() => {
  const app = document.querySelector('meta[name="app-script"]')?.getAttribute('content');
  if (app) void import(app);
});
