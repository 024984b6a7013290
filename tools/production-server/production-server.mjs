// The one way to run the production server (`node apps/web/server.mjs`) from another process: `npm start`,
// the benchmarks, the browser tests and the production-server tests all launch it here. Plain ESM with no
// dependencies, so both the workspace scripts (by path) and the TypeScript tests (by its name,
// `@viewas/production-server`, which the module-boundary rule checks like any other) import it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web: the server's working directory (server.mjs serves the Next build found there). */
export const WEB_APP_DIR = fileURLToPath(new URL('../../apps/web', import.meta.url));
export const SERVER_ENTRY = join(WEB_APP_DIR, 'server.mjs');
/**
 * How long `stop()` waits after its signal before SIGKILL: longer than the server's own drain of requests in flight
 * (DRAIN_TIMEOUT_MS, apps/web/src/server/runtime/graceful-shutdown.mjs; a test keeps the two in that order).
 */
export const STOP_TIMEOUT_MS = 15_000;

/** A port nobody listens on now (other servers and tests run on this machine at the same time). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Spawns the production server and returns at once; wait with `healthy()` or `exited`.
 * - `port`: a free one when omitted; `host` names it in `url` and the default NEXTAUTH_URL.
 * - `env`: added on top of `NODE_ENV=production`, `NEXT_TELEMETRY_DISABLED`, `PORT` and `NEXTAUTH_URL`, which sit on top
 *   of this process's environment, or of `PATH` alone with `inheritEnv: false` (a test that must not leak its own).
 * - `stdio: 'pipe'` captures the output (`output()`, `stdout()`, `stderr()`); `'inherit'` shows it instead.
 * - `nodeArgs` go before server.mjs (e.g. `--cpu-prof`); `detached` gives it its own process group, which `stop()`
 *   signals as a whole.
 * - `appDir`: the apps/web whose server.mjs runs (another checkout's, for `npm run bench:compare`); this one's by default.
 */
export async function launchProductionServer({
  port,
  host = '127.0.0.1',
  env = {},
  inheritEnv = true,
  stdio = 'pipe',
  nodeArgs = [],
  detached = false,
  appDir = WEB_APP_DIR,
} = {}) {
  port ??= await freePort();
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, join(appDir, 'server.mjs')], {
    cwd: appDir,
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached,
    env: {
      ...(inheritEnv ? process.env : { PATH: process.env.PATH }),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      NEXTAUTH_URL: url,
      ...env,
    },
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const signal = (name) => {
    try {
      if (detached) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };

  const server = {
    url,
    port,
    process: child,
    pid: child.pid,
    /** Resolves with the exit code (null when a signal ended it). */
    exited,
    /** Everything it printed so far; its standard output alone (the JSON log) and its standard error alone. */
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    /**
     * Resolves once `GET /api/health` answers 2xx; rejects (after SIGKILL, with the output) when the server exits
     * first or is not healthy within `timeoutMs`.
     */
    async healthy({ timeoutMs = 120_000, intervalMs = 200 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!running(child)) throw new Error(`server.mjs exited early with ${child.exitCode ?? child.signalCode}:\n${output}`);
        const ok = await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return server;
        if (Date.now() > deadline) {
          signal('SIGKILL');
          throw new Error(`server.mjs was not healthy within ${timeoutMs / 1000} s:\n${output}`);
        }
        await delay(intervalMs);
      }
    },
    /** Resolves with the first match of `pattern` on standard error (where the start-up banner goes). */
    async printed(pattern, { timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = pattern.exec(stderr);
        if (found) return found;
        if (!running(child)) throw new Error(`server.mjs exited before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`server.mjs did not print ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
        await delay(100);
      }
    },
    /** Sends `signal` (SIGTERM: a graceful stop), then SIGKILL after `timeoutMs`; resolves with the exit code. */
    async stop(name = 'SIGTERM', { timeoutMs = STOP_TIMEOUT_MS } = {}) {
      if (running(child)) {
        signal(name);
        const timer = setTimeout(() => signal('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
    /**
     * For a script whose whole job is this server: SIGINT and SIGTERM reach it (as SIGTERM unless `forward` is
     * 'same'), and the script exits with the server's code once it has run `onExit`.
     */
    runInForeground({ forward = 'SIGTERM', onExit, exitCode = (code) => code ?? 0 } = {}) {
      for (const received of ['SIGINT', 'SIGTERM']) process.on(received, () => signal(forward === 'same' ? received : forward));
      child.on('exit', (code, exitSignal) => {
        onExit?.();
        process.exit(exitCode(code, exitSignal));
      });
    },
  };
  return server;
}

/** `launchProductionServer`, resolved once the server is healthy. */
export async function startProductionServer({ timeoutMs, intervalMs, ...options } = {}) {
  const server = await launchProductionServer(options);
  return server.healthy({ timeoutMs, intervalMs });
}
