import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, launchProductionServer, STOP_TIMEOUT_MS, WEB_APP_DIR, type ProductionServer } from '@viewas/production-server';

export { freePort, launchProductionServer, STOP_TIMEOUT_MS, type ProductionServer };
export const DEMO_PASSWORD = 'production-test-demo-password';

/** The production build server.mjs serves (`NEXT_DIST_DIR` or `.next`), or null when there is none. */
export function productionBuild(): string | null {
  const distDir = path.resolve(WEB_APP_DIR, process.env['NEXT_DIST_DIR'] || '.next');
  return existsSync(path.join(distDir, 'BUILD_ID')) ? distDir : null;
}

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-production-'));

/**
 * Launches `node apps/web/server.mjs` (@viewas/production-server) as a deployment would, on a free port, with
 * none of the test's own environment, and waits until it is healthy (or has exited, for the tests of refusals).
 * `env` adds to or overrides the defaults.
 */
export async function startProductionServer({
  dataDir,
  env = {},
  waitFor = 'healthy',
}: {
  dataDir: string;
  env?: Record<string, string>;
  waitFor?: 'healthy' | 'exit';
}): Promise<ProductionServer> {
  const server = await launchProductionServer({
    inheritEnv: false,
    env: {
      NEXT_DIST_DIR: process.env['NEXT_DIST_DIR'] ?? '',
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DEMO_SEED: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  if (waitFor === 'exit') {
    await server.exited;
    return server;
  }
  return server.healthy({ timeoutMs: 120_000 });
}
