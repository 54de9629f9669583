// Makes sure the end-to-end tests have a browser. Test tools may not download their own
// browsers here, so we use Debian's `chromium`: found at CHROMIUM_PATH or /usr/bin/chromium,
// installed with apt when missing and we are root on Debian, else we stop with the command to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumExists, chromiumPath } from './chromium.mjs';

// NOTE: the fonts are named, not left to Chromium's recommends: Arial's metric twin (Liberation
// Sans, the local() source of 'Inter Fallback' in styles.css) and the emoji font. A Chromium
// installed with --no-install-recommends has neither, and the offline-fonts e2e test fails.
const FONTS = {
  'fonts-liberation': '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  'fonts-noto-color-emoji': '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf',
};
const INSTALL = `apt-get update && apt-get install -y chromium ${Object.keys(FONTS).join(' ')}`;

const fontsPresent = () => Object.values(FONTS).every((file) => fs.existsSync(file));
// Fonts are checked only where Debian's layout applies (a CHROMIUM_PATH browser brings its own).
if (
  chromiumExists() &&
  (process.env.CHROMIUM_PATH || !fs.existsSync('/usr/bin/apt-get') || fontsPresent())
) {
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (chromiumExists() && !isRoot) {
  console.warn(
    `Chromium's fonts are missing; the font tests may fail. Install them:\n\n  sudo sh -c '${INSTALL}'`,
  );
  process.exit(0);
}
if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
  console.error(`Chromium not found at ${chromiumPath()}.`);
  console.error(
    process.env.CHROMIUM_PATH
      ? 'Point CHROMIUM_PATH at a Chromium or Chrome binary.'
      : `Install Debian's Chromium first:\n\n  sudo sh -c '${INSTALL}'\n\nor set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

console.log(`Chromium or its fonts not found; installing Debian's packages: ${INSTALL}`);
execSync(INSTALL, {
  stdio: 'inherit',
  shell: '/bin/sh',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!chromiumExists()) {
  console.error(`Installed, but still no Chromium at ${chromiumPath()}.`);
  process.exit(1);
}
