import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { WebHandler } from '../../src/server/auth/auth-handler';
import { stampClientAddress } from '../../src/server/runtime/client-address.mjs';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a `(Request) => Response` handler over real HTTP on a free loopback port. Like the production
 * server (server.mjs), it writes the client's address into the client-address header of every request,
 * trusting `trustedProxies` hops of `X-Forwarded-For` (none by default).
 */
export async function serveOverHttp(handler: WebHandler, { trustedProxies = 0 }: { trustedProxies?: number } = {}): Promise<RunningServer> {
  const server = createServer((incoming, outgoing) => {
    stampClientAddress(incoming, trustedProxies);
    forward(handler, incoming, outgoing).catch((error: unknown) => {
      outgoing.statusCode = 500;
      outgoing.end(String(error));
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function forward(handler: WebHandler, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }

  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  const request = new Request(`http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`, {
    method: incoming.method,
    headers,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);

  const response = await handler(request);
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') outgoing.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  if (!response.body) return void outgoing.end();
  // Streamed as it is produced, and only as fast as the client reads (a long export must not be buffered here).
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), outgoing);
}
