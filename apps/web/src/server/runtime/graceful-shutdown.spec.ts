import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGracefulShutdown } from './graceful-shutdown.mjs';

/** A server whose requests stay open until the test lets them finish. */
async function slowServer() {
  const waiting: (() => void)[] = [];
  let answered = 0;
  const server = createServer((_request, response) => {
    response.on('finish', () => (answered += 1));
    waiting.push(() => response.end('done'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    finishAll: () => waiting.splice(0).forEach((finish) => finish()),
    inFlight: () => waiting.length,
    answered: () => answered,
  };
}

/** A GET over a keep-alive connection, as browsers and load balancers make them. */
function get(port: number): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent: new Agent({ keepAlive: true }) }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('createGracefulShutdown', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('answers the requests in flight, then runs onDrained, and refuses new connections meanwhile', async () => {
    const slow = await slowServer();
    server = slow.server;
    const answeredWhenDrained: number[] = [];
    const shutdown = createGracefulShutdown(slow.server, { onDrained: async () => void answeredWhenDrained.push(slow.answered()) });

    const inFlight = get(slow.port);
    await until(() => slow.inFlight() === 1);
    const stopped = shutdown();

    await expect(get(slow.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(answeredWhenDrained).toEqual([]);
    const finished = Date.now();
    slow.finishAll();
    expect(await inFlight).toMatchObject({ status: 200, body: 'done', connection: 'close' });
    await stopped;
    expect(answeredWhenDrained).toEqual([1]);
    // The answered connection was closed, not left idle until the keep-alive timeout.
    expect(Date.now() - finished).toBeLessThan(slow.server.keepAliveTimeout);
  });

  it('cuts connections still busy after the drain timeout, then runs onDrained', async () => {
    const slow = await slowServer();
    server = slow.server;
    const onDrained = jest.fn(async () => undefined);
    const shutdown = createGracefulShutdown(slow.server, { onDrained, drainTimeoutMs: 50 });

    const hung = get(slow.port);
    await until(() => slow.inFlight() === 1);
    const started = Date.now();
    await shutdown();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(hung).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(onDrained).toHaveBeenCalledTimes(1);
  });

  it('is one shutdown however often a signal arrives', async () => {
    const slow = await slowServer();
    server = slow.server;
    const onDrained = jest.fn(async () => undefined);
    const shutdown = createGracefulShutdown(slow.server, { onDrained });
    expect(shutdown()).toBe(shutdown());
    await shutdown();
    expect(onDrained).toHaveBeenCalledTimes(1);
  });
});
