// Renders the app icons (PNG) from the logo SVG with Debian's Chromium; nothing is downloaded.
// node scripts/make-icons.mjs → src/client/public/icons/icon-{192,512}.png, maskable-512.png
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const svg = fs.readFileSync('src/client/public/images/logo.svg', 'utf8');
fs.mkdirSync('src/client/public/icons', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
for (const [name, size, padding] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  // Maskable icons keep their content inside the central 80% safe zone.
  ['maskable-512.png', 512, 0.12],
]) {
  const inner = Math.round(size * (1 - 2 * padding));
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:${padding ? '#1c1917' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg', '<svg width="100%" height="100%"')}</div></body></html>`,
  );
  await page.screenshot({ path: `src/client/public/icons/${name}`, omitBackground: !padding });
  console.log(`wrote src/client/public/icons/${name}`);
}
await browser.close();
