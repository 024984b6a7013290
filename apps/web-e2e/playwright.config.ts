import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../tools/scripts/chromium.mjs';
import { E2E_BASE_URL, E2E_PORT } from './src/support/env';

// Browser flows run against the production build (`next start`) on its own port and a fresh
// data directory, in the machine's Chromium (no browser download).
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
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } } }],
  webServer: {
    command: 'node apps/web-e2e/scripts/serve.mjs',
    cwd: '../..',
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT) },
  },
});
