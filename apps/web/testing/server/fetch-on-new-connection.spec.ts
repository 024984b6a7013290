import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchOnNewConnection } from './fetch-on-new-connection';

describe('fetchOnNewConnection', () => {
  let server: Server;
  let url: string;
  let connections = 0;
  const seen: { method?: string; body: string; connection?: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method, body, connection: request.headers.connection });
        response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ echoed: body }));
      });
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('opens one connection per request, where Node’s fetch keeps one alive', async () => {
    connections = 0;
    for (let request = 0; request < 5; request += 1) await (await fetch(url)).arrayBuffer();
    const byFetch = connections;

    connections = 0;
    for (let request = 0; request < 5; request += 1) await (await fetchOnNewConnection(url)).arrayBuffer();
    expect(connections).toBe(5);
    // The counting sees reuse: the built-in client's pool carried several requests on one connection.
    expect(byFetch).toBeLessThan(5);
  });

  it('sends the method, headers and body, and answers as fetch does, every Set-Cookie kept', async () => {
    seen.length = 0;
    const response = await fetchOnNewConnection(new URL('/x', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data":{}}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ echoed: '{"data":{}}' });
    expect(seen).toEqual([{ method: 'POST', body: '{"data":{}}', connection: 'close' }]);
  });

  it('refuses what it cannot send: https, and bodies other than text', async () => {
    await expect(fetchOnNewConnection('https://example.test/')).rejects.toThrow('http: only');
    await expect(fetchOnNewConnection(url, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow('string and URLSearchParams');
  });
});
