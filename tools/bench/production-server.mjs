// Starts the production build (`next start`) on a fresh data directory for benchmarks and
// budget checks, waits until it is healthy, and reports the server's resident memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

export const BENCH_PASSWORD = 'bench-demo-password';

export async function startProductionServer({ port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'viewas-bench-'));
  const child = spawn(process.execPath, [join(workspaceRoot, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd: join(workspaceRoot, 'apps/web'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: BENCH_PASSWORD,
      NEXTAUTH_URL: `http://localhost:${port}`,
      BENCH_ROUTES: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid,
    /** Peak resident set size (VmHWM) of the server process, in MB. */
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
