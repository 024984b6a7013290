// Starts the production build for the browser tests on a fresh, throw-away data directory,
// and removes it when Playwright stops the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'viewas-e2e-'));
const port = process.env.PORT ?? '3311';

const server = spawn(process.execPath, [join(workspaceRoot, 'apps/web/server.mjs')], {
  cwd: join(workspaceRoot, 'apps/web'),
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    // One access line per API request would bury Playwright's own output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DEMO_PASSWORD: 'e2e-demo-password',
    DEMO_SEED: 'true',
    NEXTAUTH_URL: `http://localhost:${port}`,
    PORT: port,
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
