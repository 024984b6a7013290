// Starts the production build for the browser tests on a fresh, throw-away data directory,
// and removes it when Playwright stops the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProductionServer } from '../../../tools/scripts/production-server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'viewas-e2e-'));

const server = await launchProductionServer({
  port: Number(process.env.PORT ?? '3311'),
  host: 'localhost',
  stdio: 'inherit',
  env: {
    DATA_DIR: dataDir,
    // One access line per API request would bury Playwright's own output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DEMO_PASSWORD: 'e2e-demo-password',
    DEMO_SEED: 'true',
  },
});
server.runInForeground({ onExit: () => rmSync(dataDir, { recursive: true, force: true }) });
