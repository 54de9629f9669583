// Makes sure the end-to-end tests have a browser. Test tools may not download their own
// browsers here, so we use Debian's `chromium`: found at CHROMIUM_PATH or /usr/bin/chromium,
// installed with apt when missing and we are root on Debian, else we stop with the command to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumExists, chromiumPath } from './chromium.mjs';

const INSTALL = 'apt-get update && apt-get install -y chromium fonts-noto-color-emoji';

if (chromiumExists()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
  console.error(`Chromium not found at ${chromiumPath()}.`);
  console.error(
    process.env.CHROMIUM_PATH
      ? 'Point CHROMIUM_PATH at a Chromium or Chrome binary.'
      : `Install Debian's Chromium first:\n\n  sudo sh -c '${INSTALL}'\n\nor set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

console.log(`Chromium not found; installing Debian's package: ${INSTALL}`);
execSync(INSTALL, {
  stdio: 'inherit',
  shell: '/bin/sh',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!chromiumExists()) {
  console.error(`Installed, but still no Chromium at ${chromiumPath()}.`);
  process.exit(1);
}
