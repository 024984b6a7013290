import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../tools/scripts/chromium.mjs';
import {
  AFFILIATE_SCRIPT_URL,
  ANALYTICS_SCRIPT_URL,
  CHROMIUM_HOST_RULES,
  E2E_BASE_URL,
  E2E_DEMO_PASSWORD,
  E2E_PORT,
  SCRIPT_STUB_ORIGIN,
  SCRIPT_STUB_PORT,
} from './src/support/env';

const chromium = { executablePath: findChromium(), args: [...CHROMIUM_ARGS, CHROMIUM_HOST_RULES] };

// Browser flows run against the production build (`next start`) on its own port and a fresh
// data directory, in the machine's Chromium (no browser download). One worker: the machine has
// two cores and the server one embedded database.
export default defineConfig({
  testDir: './src',
  outputDir: '../../dist/e2e/test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['html', { outputFolder: '../../dist/e2e/report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // Signs each demo account in once through next-auth's sign-in page and keeps the cookies.
    { name: 'sign-in', testMatch: /\.setup\.ts$/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'chromium', dependencies: ['sign-in'], use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
  ],
  webServer: [
    {
      // Stands in for the analytics and affiliate hosts.
      command: 'node apps/web-e2e/scripts/script-stub.mjs',
      cwd: '../..',
      url: `${SCRIPT_STUB_ORIGIN}/health`,
      timeout: 10_000,
      reuseExistingServer: false,
      env: { PORT: String(SCRIPT_STUB_PORT) },
    },
    {
      // The production server as `npm start` launches it, on a fresh data directory removed when Playwright stops it.
      command: 'node tools/production-server/serve-fresh.mjs',
      cwd: '../..',
      url: `${E2E_BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // The app reads the script URLs on the server at request time, so no special build is needed.
      env: {
        PORT: String(E2E_PORT),
        DEMO_PASSWORD: E2E_DEMO_PASSWORD,
        DEMO_SEED: 'true',
        // One access line per API request would bury Playwright's own output.
        LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
        NEXT_PUBLIC_ANALYTICS_SCRIPT_URL: ANALYTICS_SCRIPT_URL,
        NEXT_PUBLIC_AFFILIATE_SCRIPT_URL: AFFILIATE_SCRIPT_URL,
      },
    },
  ],
});
