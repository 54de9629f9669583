// Where Debian's Chromium is: CHROMIUM_PATH, else /usr/bin/chromium.
import fs from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function chromiumExists() {
  try {
    fs.accessSync(chromiumPath(), fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
