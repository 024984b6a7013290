import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterEarlyAnswer } from './early-answer.mjs';

type Answer = { status: number; connection: string | undefined; body: string; socket: unknown };

/** One request on `agent`, resolving with the answer and the socket it came on. */
function send(port: number, agent: Agent, method: string, path: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json' } : {} },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text, socket: req.socket }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Reads the body up to `limit` bytes; past it, answers 413 and stops reading (destroying the request, as a route's bounded reader does). */
function readAtMost(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('closeAfterEarlyAnswer', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      closeAfterEarlyAnswer(request, response);
      if (request.url === '/unread') {
        response.statusCode = 415;
        response.end('{"success":false}');
        return;
      }
      if (request.url === '/bounded') {
        const body = await readAtMost(request, 16 * 1024);
        if (!body) {
          response.statusCode = 413;
          response.end('{"success":false}');
          request.destroy();
          return;
        }
      }
      response.end('{"success":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a 1 MB body over the limit with Connection: close, and the same agent then succeeds on a new connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send(port, agent, 'POST', '/bounded', Buffer.alloc(1024 * 1024, 'x'));
    expect(refused).toMatchObject({ status: 413, connection: 'close' });
    const next = await send(port, agent, 'POST', '/bounded', Buffer.from('{"a":1}'));
    expect(next).toMatchObject({ status: 200, body: '{"success":true}' });
    expect(next.socket).not.toBe(refused.socket);
    agent.destroy();
  });

  it('closes after an answer that never read a small body (415)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await send(port, agent, 'POST', '/unread', Buffer.from('token=x'))).toMatchObject({ status: 415, connection: 'close' });
    expect(await send(port, agent, 'GET', '/')).toMatchObject({ status: 200 });
    agent.destroy();
  });

  it('keeps the connection alive after a body read in full, and for a request without one', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send(port, agent, 'POST', '/bounded', Buffer.from('{"a":1}'));
    expect(first).toMatchObject({ status: 200, connection: 'keep-alive' });
    const second = await send(port, agent, 'GET', '/');
    expect(second).toMatchObject({ status: 200, connection: 'keep-alive' });
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });
});
