import { createServer, type IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRequest } from '../app/web-request';
import { NodeRequestHeaders, nodeRequest } from './node-request.mjs';

/** Node's parsed headers for a raw request, as the production server receives them. */
async function received(rawHeaders: [string, string][], path = '/api/admin/impersonate?x=1'): Promise<IncomingMessage> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const arrived = new Promise<IncomingMessage>((resolve) =>
      server.once('request', (request: IncomingMessage, response) => {
        resolve(request);
        response.end();
      }),
    );
    const { port } = server.address() as AddressInfo;
    const client = httpRequest({ port, method: 'POST', path, headers: rawHeaders.flat() as unknown as Record<string, string> });
    client.end();
    const request = await arrived;
    await new Promise<void>((resolve) => client.once('response', (response) => response.resume().once('end', resolve)));
    return request;
  } finally {
    server.close();
  }
}

/** The `Headers` the server used to build for the same request: every value of Node's header object. */
function fetchHeaders(headers: IncomingMessage['headers']): Headers {
  const copy = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) copy.append(name, item);
    else if (value !== undefined) copy.set(name, value);
  }
  return copy;
}

const RAW: [string, string][] = [
  ['Host', 'app.example.com'],
  ['Content-Type', 'application/json'],
  ['Cookie', 'a=1'],
  ['Cookie', 'b=2'],
  ['X-Forwarded-For', '203.0.113.9'],
  ['X-Forwarded-For', '10.0.0.1'],
  ['Set-Cookie', 'one=1'],
  ['Set-Cookie', 'two=2'],
  ['User-Agent', 'Firefox'],
  ['Content-Length', '0'],
];

describe('NodeRequestHeaders', () => {
  it('reads every header, by any case, as a fetch Headers built from the same request does', async () => {
    const request = await received(RAW);
    const light = new NodeRequestHeaders(request.headers);
    const copy = fetchHeaders(request.headers);
    for (const name of ['host', 'Content-Type', 'COOKIE', 'x-forwarded-for', 'set-cookie', 'user-agent', 'content-length', 'origin']) {
      expect(light.get(name)).toBe(copy.get(name));
    }
    expect(light.get('cookie')).toBe('a=1; b=2');
    expect(light.get('origin')).toBeNull();
  });

  it('lists the headers in the order and form a fetch Headers lists them', async () => {
    const request = await received(RAW);
    expect([...new NodeRequestHeaders(request.headers)]).toEqual([...fetchHeaders(request.headers)]);
  });
});

describe('nodeRequest', () => {
  it('carries the method, the absolute URL a Request would have, the headers and the body as handed over', async () => {
    const request = await received(RAW);
    const body = new TextEncoder().encode('{}');
    const light = nodeRequest(request, body);
    expect(light.method).toBe('POST');
    expect(light.url).toBe('http://app.example.com/api/admin/impersonate?x=1');
    expect(light.url).toBe(new Request(light.url).url);
    expect(light.headers.get('user-agent')).toBe('Firefox');
    expect(light.body).toBe(body);
  });

  it('becomes the same fetch Request, body included, where a route needs a whole one', async () => {
    const request = await received(RAW);
    const made = fetchRequest(nodeRequest(request, new TextEncoder().encode('{"a":1}')));
    expect(made).toBeInstanceOf(Request);
    expect(made.method).toBe('POST');
    expect(made.url).toBe('http://app.example.com/api/admin/impersonate?x=1');
    expect([...made.headers]).toEqual([...fetchHeaders(request.headers)]);
    expect(await made.text()).toBe('{"a":1}');
  });

  it('is itself when it already is a fetch Request', () => {
    const request = new Request('http://app.example.com/api/setup', { method: 'POST', body: '{}' });
    expect(fetchRequest(request)).toBe(request);
  });
});
