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

/**
 * Where the browser tests' Chromium is: `{ path }`; `{ badEnvPath }` when CHROMIUM_PATH names no file (it
 * is then the only place looked at, so a mistyped path is never silently replaced by another browser);
 * `{}` when there is none.
 */
export function locateChromium(env = process.env) {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv } : { badEnvPath: fromEnv };
  const found = CANDIDATES.find((path) => existsSync(path)) ?? playwrightBundledChromium();
  return found ? { path: found } : {};
}

export function findChromium() {
  const { path, badEnvPath } = locateChromium();
  if (path) return path;
  if (badEnvPath) throw new Error(`CHROMIUM_PATH is set to ${badEnvPath}, but no file is there.`);
  throw new Error(
    [
      'No Chromium found for the browser tests.',
      'Install one of:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium (npm test does it when run as root or with passwordless sudo)',
      '  - anywhere with internet access: npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    ].join('\n'),
  );
}
