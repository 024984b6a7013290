import { rmSync } from 'node:fs';
import { DRAIN_TIMEOUT_MS } from '../../src/server/runtime/graceful-shutdown.mjs';
import { freePort, launchProductionServer, newDataDir, startProductionServer, STOP_TIMEOUT_MS } from './production-server';

// The launcher itself (tools/production-server), on what needs no production build: the server refuses a
// bad TRUST_PROXY before it loads the build. The *.production.spec.ts files run it on a real build.
describe('the production-server launcher', () => {
  jest.setTimeout(30_000);

  it('reports a server that exits before it is healthy, with its exit code and what it printed', async () => {
    const dataDir = newDataDir();
    try {
      await expect(startProductionServer({ dataDir, env: { TRUST_PROXY: 'many' } })).rejects.toThrow(
        /server\.mjs exited early with 1:[\s\S]*Viewas cannot start: TRUST_PROXY must be false, true or the number of proxies/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('waits for the exit when asked to, and stop() then answers the same exit code', async () => {
    const dataDir = newDataDir();
    try {
      const server = await startProductionServer({ dataDir, env: { TRUST_PROXY: 'many' }, waitFor: 'exit' });
      expect(await server.exited).toBe(1);
      expect(await server.stop()).toBe(1);
      expect(server.stderr()).toContain('Viewas cannot start');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('sends SIGKILL when the process outlives the stop timeout', async () => {
    // A stand-in for a hung server: node evaluates this instead of server.mjs, and ignores SIGTERM.
    const server = await launchProductionServer({
      nodeArgs: ['-e', "process.on('SIGTERM', () => {}); process.stderr.write('ready\\n'); setInterval(() => {}, 1000);"],
    });
    await server.printed(/ready/, { timeoutMs: 10_000 });
    expect(await server.stop('SIGTERM', { timeoutMs: 300 })).toBeNull();
    expect(server.process.signalCode).toBe('SIGKILL');
  });

  it('gives a server in its graceful drain more time than the drain takes before killing it', () => {
    expect(STOP_TIMEOUT_MS).toBeGreaterThan(DRAIN_TIMEOUT_MS);
  });

  it('launches on the port and host it is given, and names them in its URL', async () => {
    const port = await freePort();
    const server = await launchProductionServer({ port, host: 'localhost', env: { TRUST_PROXY: 'many' } });
    expect(server.url).toBe(`http://localhost:${port}`);
    expect(await server.exited).toBe(1);
  });
});
