import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findWorkspaceRoot } from '../../src/server/config/workspace-root';

const workspaceRoot = findWorkspaceRoot(__dirname);
const appDir = path.join(workspaceRoot, 'apps', 'web');
export const DEMO_PASSWORD = 'production-test-demo-password';

/** The production build server.mjs serves (`NEXT_DIST_DIR` or `.next`), or null when there is none. */
export function productionBuild(): string | null {
  const distDir = path.resolve(appDir, process.env['NEXT_DIST_DIR'] || '.next');
  return existsSync(path.join(distDir, 'BUILD_ID')) ? distDir : null;
}

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'viewas-production-'));

export interface ProductionServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** What it printed on standard output only (the JSON log) and on standard error only. */
  stdout(): string;
  stderr(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node apps/web/server.mjs` as a deployment would, on a free port, and waits until it is
 * listening (or has exited, for the tests of refusals). `env` adds to or overrides the defaults.
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
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(appDir, 'server.mjs')], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      NODE_ENV: 'production',
      PATH: process.env['PATH'],
      NEXT_DIST_DIR: process.env['NEXT_DIST_DIR'] ?? '',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DEMO_SEED: 'true',
      NEXTAUTH_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const server: ProductionServer = {
    url,
    port,
    process: child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (waitFor === 'exit') {
    await exited;
    return server;
  }

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server.mjs exited early with ${child.exitCode}:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server.mjs was not healthy within 120 s:\n${output}`);
}
