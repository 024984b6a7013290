// Finds a Chromium for browser tests without downloading one: CHROMIUM_PATH, Debian's package,
// other common locations, then a browser installed by `npx playwright install chromium`.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

function playwrightBundledChromium() {
  try {
    const require = createRequire(import.meta.url);
    const path = require('playwright-core').chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path)) ?? playwrightBundledChromium();
  if (found) return found;
  throw new Error(
    [
      'No Chromium found for the browser tests.',
      'Install one of:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium',
      '  - anywhere with internet access: npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    ].join('\n'),
  );
}
