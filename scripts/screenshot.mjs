// Takes a screenshot of a page in Debian's Chromium, for checking what a person sees.
// Usage: node scripts/screenshot.mjs <url> <out.png> [phone|desktop] [full]
import { chromium } from '@playwright/test';

const [url, out, device = 'phone', full] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [phone|desktop] [full]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const viewport = device === 'desktop' ? { width: 1366, height: 900 } : { width: 390, height: 844 };
const page = await browser.newPage({
  viewport,
  deviceScaleFactor: 1,
  isMobile: device !== 'desktop',
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
console.log(`saved ${out}`);
